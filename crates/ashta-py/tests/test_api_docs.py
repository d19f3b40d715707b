"""Every public name of the package has a docstring and a type stub."""

import ast
import inspect
from pathlib import Path

import ashta
import ashta._ashta as native

STUB = (Path(ashta.__file__).parent / "_ashta.pyi").read_text()


def public_members(obj):
    for name, member in inspect.getmembers(obj):
        if not name.startswith("_"):
            yield name, member


def test_every_public_name_has_a_docstring():
    missing = []
    for name in ashta.__all__:
        obj = getattr(ashta, name)
        if isinstance(obj, (int, list)):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            for attr, member in public_members(obj):
                if member is None:
                    continue  # a plain data attribute (Gymnasium's render_mode, spec)
                if not (getattr(member, "__doc__", "") or "").strip():
                    missing.append(f"{name}.{attr}")
    assert not missing, missing


def test_the_stubs_parse():
    for stub in Path(ashta.__file__).parent.glob("*.pyi"):
        ast.parse(stub.read_text(), filename=str(stub))


def test_every_native_name_is_in_the_stub():
    missing = [name for name in dir(native) if not name.startswith("__") and name not in STUB]
    assert not missing, missing
    for cls in (ashta.Game, ashta.State, native.VecEnv, ashta.Bot, ashta.Summary):
        body = STUB[STUB.index(f"class {cls.__name__}:"):]
        body = body[: body.find("\nclass ", 1) if "\nclass " in body[1:] else len(body)]
        for attr, _ in public_members(cls):
            assert attr in body, f"{cls.__name__}.{attr} is not in the stub"
