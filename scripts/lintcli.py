"""The command line of the tree lints (scripts/lint_one_source.py, scripts/check_twin_names.py),
written once:

  <lint>.py          check the tree: one line per finding, then one closing line; exit 1 when
                     something was found, else 0
  <lint>.py --plant  the lint's self-test (exit 0 only when every plant was caught)
  anything else      the lint's usage (its docstring) on stderr, exit 2
"""
import sys


def main(argv, doc, name, check, plant, found_msg, clean_msg):
    """Run a lint from its command line.  check() returns the finding lines; found_msg is
    formatted with n, the number of findings."""
    if argv[1:] == ["--plant"]:
        return plant()
    if len(argv) > 1:
        sys.stderr.write(doc)
        return 2
    found = check()
    for line in found:
        print(line)
    if found:
        print(f"{name}: " + found_msg.format(n=len(found)))
        return 1
    print(f"{name}: {clean_msg}")
    return 0
