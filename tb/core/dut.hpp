// minforge harness core: Dut, a Verilated model behind a run-time interface, and Model,
// the way to make fresh instances of one.
//
// Every Verilated model of the project (regression sweep tops, RN1 router and networks,
// board tops, the models `minforge sim` builds on demand) is compiled together with a small
// adapter that tb/core/vl_adapter.py generates from the model's own header: it registers
// every port by name and width and defines the Model entry point.  The family harnesses
// (tb/a2a, tb/rn1, tb/board) are compiled once, against this interface only: they never
// include a Verilated header, so one harness library serves every model, linked into a
// regression executable or loaded from a shared library at run time (tb/core/ondemand.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/port.hpp"

namespace minforge::tb {

struct PortInfo {
  std::string name;
  int width = 0;
  bool input = false;
  Port port;
};

class Dut {
 public:
  virtual ~Dut() = default;
  // The model's prefix (e.g. "Vsweep", "Vrn1_net_fig20_9").
  virtual const std::string& name() const = 0;
  virtual void eval() = 0;
  // Ends the simulation (final blocks); called by the destructor if not called before.
  virtual void finish() = 0;
  // True once an RTL $error, $stop, $finish or assertion fired.
  virtual bool failed() const = 0;
  // FST tracing (throws std::logic_error when the model was built without it).
  virtual bool can_trace() const = 0;
  virtual void trace_open(const std::string& path) = 0;
  virtual void trace_dump(uint64_t time) = 0;
  virtual void trace_close() = 0;

  std::span<const PortInfo> ports() const { return ports_; }
  bool has_port(std::string_view name) const;
  // The port called `name`; throws std::logic_error naming the model and the port.
  Port port(std::string_view name) const;

 protected:
  std::vector<PortInfo> ports_;
};

// A model that can be instantiated any number of times (each instance: its own context).
struct Model {
  std::string name;      // the model's prefix
  std::string manifest;  // what the family generator says the model holds (JSON), or ""
  std::unique_ptr<Dut> (*create)() = nullptr;
};

}  // namespace minforge::tb
