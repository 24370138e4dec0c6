"""Run the test_* functions of portable test modules; works on MicroPython, CircuitPython and CPython."""
import sys


def run_module(module_name):
    """Import `module_name` and call each test_* function; print one line per test; return the failure count."""
    module = __import__(module_name, None, None, ["*"])
    failures = 0
    for name in sorted(dir(module)):
        if not name.startswith("test_"):
            continue
        try:
            getattr(module, name)()
        except Exception as exc:  # report every failure, keep going
            failures += 1
            print("FAIL", module_name, name)
            if hasattr(sys, "print_exception"):
                sys.print_exception(exc)
            else:
                import traceback
                traceback.print_exc()
        else:
            print("ok", module_name, name)
    return failures


def main(module_names):
    failures = 0
    for module_name in module_names:
        failures += run_module(module_name)
    print("portable: %d failed" % failures)
    return failures
