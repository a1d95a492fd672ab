// The RN1 models `minforge rn1 net --rtl` builds on demand, and their names (rn1_rtl.hpp).
#include <string>

#include "core/ondemand.hpp"
#include "rn1/rn1_rtl.hpp"

namespace minforge::tb {

std::string rn1_net_name(rn1::Topology t) {
  std::string name = rn1::topology_name(t);  // fig20.7 -> fig20_7, rn1-64 -> rn1_64
  for (char& c : name)
    if (c == '.' || c == '-') c = '_';
  return name;
}

const Model& rn1_net_model(rn1::Topology t) {
  const std::string name = rn1_net_name(t);
  return ondemand_model(
      OnDemandRequest{"rn1", "mf_rn1_model(mf_model NAME " + name + " MODULE)", "rn1_" + name});
}

const Model& rn1_router_model() {
  return ondemand_model(
      OnDemandRequest{"rn1", "mf_rn1_model(mf_model NAME router MODULE)", "rn1_router"});
}

}  // namespace minforge::tb
