// minforge command line: entry point and subcommand dispatch.
#include <cstdio>
int main() { std::puts("minforge: under construction"); return 0; }
