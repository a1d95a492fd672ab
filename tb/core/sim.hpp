// minforge harness core: Sim, the clock of a Dut.
//
// One cycle of every lockstep run is: set the inputs, settle() (clock low, evaluate: the
// combinational outputs of this cycle are visible, the harness compares them with the
// twin), then edge() (the rising edge that ends the cycle).  With a waveform file open,
// every settle and edge is dumped (time 2c and 2c+1 for cycle c).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/dut.hpp"

namespace minforge::tb {

class Sim {
 public:
  // A fresh instance of `model`; traced into `wave` (FST) when it is not empty.
  explicit Sim(const Model& model, const std::string& wave = "");
  ~Sim();
  Sim(const Sim&) = delete;
  Sim& operator=(const Sim&) = delete;

  Dut& dut() { return *dut_; }
  Port port(std::string_view name) const { return dut_->port(name); }
  bool has_port(std::string_view name) const { return dut_->has_port(name); }

  void settle() {
    clk_.set_bit(0, false);
    dut_->eval();
    ++evals_;
    if (tracing_) dut_->trace_dump(t_);
  }
  void edge() {
    clk_.set_bit(0, true);
    dut_->eval();
    ++evals_;
    if (tracing_) dut_->trace_dump(t_ + 1);
    t_ += 2;
  }
  void cycle() {
    settle();
    edge();
  }
  // `cycles` cycles with rst = 1 (the model must have a rst port), then rst = 0.
  void reset(int cycles = 2);
  // Clock cycles simulated (edges).
  uint64_t cycles() const { return t_ / 2; }
  bool failed() const { return dut_->failed(); }
  bool tracing() const { return tracing_; }
  const std::string& wave() const { return wave_; }

 private:
  std::unique_ptr<Dut> dut_;
  Port clk_;
  std::string wave_;
  bool tracing_ = false;
  uint64_t t_ = 0;
  uint64_t evals_ = 0;
};

}  // namespace minforge::tb
