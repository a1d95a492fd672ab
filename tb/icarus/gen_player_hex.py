#!/usr/bin/env python3
"""Writes $readmemh schedule lists for gsen_sched_player (Icarus smoke benches).

Entry format (rtl/engine/gsen_sched_player.v): the send mask (N bits, bit i = processor i
sends) in hex, followed by the configuration number in ceil(n/4) hex digits.  The mask of
each round keeps only the pairs (i, j) not delivered by an earlier round, so every pair is
sent exactly once when the configuration set covers all N*N pairs.

Routing follows shared/design/conventions.md: terminal t at stage s -> switch y = t mod N/2,
in-subport b = t div N/2, out-subport b xor state(s, y), next terminal 2y + f, with
state(s, y) = bit (n-1-s) of the configuration xor ((y >> p) & 1) for alternation period
2^p (p = None: stage control).

Usage: gen_player_hex.py N CONTROL CONFIGS... > file.hex   (CONTROL: stage|alt|alt2|alt4)
"""
import sys

SHIFT = {"stage": None, "alt": 0, "alt2": 1, "alt4": 2}


def route(N, shift, cfg, i):
    n = (N - 1).bit_length()
    t = i
    for s in range(n):
        y, b = t % (N // 2), t // (N // 2)
        st = (cfg >> (n - 1 - s)) & 1
        if shift is not None:
            st ^= (y >> shift) & 1
        t = 2 * y + (b ^ st)
    return t


def main():
    N, control = int(sys.argv[1]), sys.argv[2]
    configs = [int(c, 0) for c in sys.argv[3:]]
    n = (N - 1).bit_length()
    cdig = (n + 3) // 4
    covered = set()
    for c in configs:
        mask = 0
        for i in range(N):
            j = route(N, SHIFT[control], c, i)
            if (i, j) not in covered:
                covered.add((i, j))
                mask |= 1 << i
        print(f"{mask:0{(N + 3) // 4}x}{c:0{cdig}x}")
    if len(covered) != N * N:
        sys.exit(f"configurations cover {len(covered)} of {N * N} pairs")


if __name__ == "__main__":
    main()
