// minforge harness core: VlDut<V>, the Dut implementation for a Verilated class V.  Only the
// generated adapters (tb/core/vl_adapter.py) include this header; the harnesses see Dut.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "core/dut.hpp"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace minforge::tb {

template <class V>
class VlDut : public Dut {
 public:
  explicit VlDut(std::string name) : name_(std::move(name)) {
    ctx_ = std::make_unique<VerilatedContext>();
    ctx_->fatalOnError(false);  // an RTL $error / assertion is reported, not an abort
    ctx_->traceEverOn(true);
    top_ = std::make_unique<V>(ctx_.get(), "top");
  }
  ~VlDut() override {
    VlDut::finish();
    trace_close();
    // Verilator's scopes unregister from the thread's current context when the model is
    // destroyed: make that this model's own context (with several models alive in one
    // thread it may be another one's, already gone).
    Verilated::threadContextp(ctx_.get());
    top_.reset();
  }
  const std::string& name() const override { return name_; }
  void eval() override { top_->eval(); }
  void finish() override {
    if (!finished_) {
      Verilated::threadContextp(ctx_.get());
      top_->final();
    }
    finished_ = true;
  }
  bool failed() const override { return ctx_->gotError() || ctx_->gotFinish(); }
  bool can_trace() const override { return kTrace; }
  void trace_open(const std::string& path) override {
    if constexpr (kTrace) {
      trace_close();
      tfp_ = std::make_unique<VerilatedFstC>();
      top_->trace(tfp_.get(), 99);
      tfp_->open(path.c_str());
    } else {
      throw std::logic_error(name_ + " was built without FST tracing");
    }
  }
  void trace_dump(uint64_t time) override {
    if (tfp_) tfp_->dump(time);
  }
  void trace_close() override {
    if (tfp_) tfp_->close();
    tfp_.reset();
  }

 protected:
  V& top() { return *top_; }
  template <class T>
  void add(const char* name, T& storage, int width, bool input) {
    uint8_t* base;
    int bytes;
    if constexpr (std::is_integral_v<T>) {
      base = reinterpret_cast<uint8_t*>(&storage);
      bytes = static_cast<int>(sizeof(T));
    } else {
      base = reinterpret_cast<uint8_t*>(storage.data());
      bytes = static_cast<int>(sizeof(storage.m_storage));
    }
    ports_.push_back(PortInfo{name, width, input, Port(base, bytes, width)});
  }

 private:
  static constexpr bool kTrace = requires(V & v, VerilatedFstC* t) { v.trace(t, 99); };
  std::string name_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<V> top_;
  std::unique_ptr<VerilatedFstC> tfp_;
  bool finished_ = false;
};

}  // namespace minforge::tb
