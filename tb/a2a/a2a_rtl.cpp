// The all-to-all family's lockstep harness (a2a_rtl.hpp): the names, the model's manifest and
// the variants' descriptions.  The three kinds of design: a2a_fabric_rtl.cpp (fabrics),
// a2a_engine_rtl.cpp (self-testing engines), a2a_xchg_rtl.cpp (data engines); what they
// share: a2a_rtl_detail.hpp.
#include "a2a/a2a_rtl.hpp"

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "a2a/a2a_rtl_detail.hpp"

namespace minforge::tb {

using namespace a2a_detail;  // NOLINT: the family's shared internals

const char* ctrl_name(Ctrl c) { return params::name(c).data(); }

const char* fault_name(int kind) {
  const auto f = static_cast<params::Fault>(kind);
  return (params::name(f) == "?" ? params::name(params::Fault::Dead) : params::name(f)).data();
}

// ---------------------------------------------------------------- the model's manifest
A2aModel::A2aModel(const Model& m) : m_(&m) {
  if (m.manifest.empty()) throw std::logic_error(m.name + " has no sweep manifest");
  const nlohmann::json j = nlohmann::json::parse(m.manifest);
  top_ = j.at("top").get<std::string>();
  auto net = [](const nlohmann::json& e) {
    return e.at("net").get<std::string>() == "banyan" ? Net::Banyan : Net::Gsen;
  };
  for (const auto& e : j.at("fabrics"))
    fab_.push_back(
        A2aFabricVariant{e.at("sel").get<int>(), net(e), e.at("N").get<int>(), e.at("W").get<int>(),
                         static_cast<Ctrl>(e.at("control").get<int>()),
                         e.at("pipeline").get<int>() != 0, e.at("round_valid").get<int>() != 0});
  for (const auto& e : j.at("engines"))
    eng_.push_back(A2aEngineVariant{
        e.at("sel").get<int>(), net(e), e.at("N").get<int>(), e.at("W").get<int>(),
        static_cast<Sched>(e.at("sched").get<int>()), e.at("pipeline").get<int>() != 0,
        e.at("use_tags").get<int>() != 0, static_cast<Ctrl>(e.at("player_control").get<int>()),
        e.at("player_len").get<int>(), e.value("B", 1)});
  if (j.contains("xchgs"))
    for (const auto& e : j.at("xchgs"))
      xch_.push_back(A2aXchgVariant{
          e.at("sel").get<int>(), net(e), e.at("N").get<int>(), e.at("DW").get<int>(),
          e.at("B").get<int>(), static_cast<Sched>(e.at("sched").get<int>()),
          e.at("pipeline").get<int>() != 0, e.at("use_tags").get<int>() != 0,
          static_cast<Ctrl>(e.at("player_control").get<int>()), e.at("player_len").get<int>(),
          e.value("src_lat", 1)});
}

std::string A2aModel::describe_fabric(int k) const {
  const A2aFabricVariant& v = fab_[uz(k)];
  std::ostringstream os;
  os << "variant " << (v.net == Net::Banyan ? "banyan" : "gsen") << "_fabric N=" << v.N
     << " W=" << v.W << " CONTROL=" << ctrl_name(v.control) << " PIPELINE=" << v.pipeline;
  if (v.round_valid) os << " ROUND_VALID=1";
  os << " [" << top_ << " fabric variant " << k << "]";
  return os.str();
}

std::string A2aModel::describe_engine(int k) const {
  const A2aEngineVariant& v = eng_[uz(k)];
  std::ostringstream os;
  os << "variant " << (v.net == Net::Banyan ? "banyan" : "gsen") << "_a2a_engine N=" << v.N
     << " W=" << v.W;
  if (v.net == Net::Gsen) os << " SCHED=" << static_cast<int>(v.sched);
  if (v.B != 1) os << " B=" << v.B;
  os << " PIPELINE=" << v.pipeline << " USE_TAGS=" << v.use_tags;
  if (v.sched == Sched::Player)
    os << " PLAYER_CONTROL=" << ctrl_name(v.player_control) << " PLAYER_LEN=" << v.player_len;
  os << " [" << top_ << " engine variant " << k << "]";
  return os.str();
}

std::string A2aModel::describe_xchg(int k) const {
  const A2aXchgVariant& v = xch_[uz(k)];
  std::ostringstream os;
  os << "variant " << (v.net == Net::Banyan ? "banyan" : "gsen") << "_a2a_xchg N=" << v.N
     << " DW=" << v.DW << " B=" << v.B;
  if (v.net == Net::Gsen) os << " SCHED=" << static_cast<int>(v.sched);
  os << " PIPELINE=" << v.pipeline << " USE_TAGS=" << v.use_tags;
  if (v.sched == Sched::Player)
    os << " PLAYER_CONTROL=" << ctrl_name(v.player_control) << " PLAYER_LEN=" << v.player_len;
  if (v.src_lat != 1) os << " SRC_LAT=" << v.src_lat;
  os << " [" << top_ << " xchg variant " << k << "]";
  return os.str();
}

}  // namespace minforge::tb
