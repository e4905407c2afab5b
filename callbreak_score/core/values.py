"""Frozen value classes (a rule set, a round, a game) without the `dataclasses` module.

Importing `dataclasses` pulls in `inspect`, `ast` and `dis`, and each decorated class
compiles code at import: together about a third of what `callbreak show` may cost
(benchmarks/README.md). A `@frozen` class here is a plain class with annotated fields
and defaults, read once when the class is made; instances compare, hash and print by
their fields, and refuse to change.
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import TypeVar

    # typing's own from Python 3.11; the type checker reads typing_extensions' stub on 3.10
    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:
    def dataclass_transform(**_: object) -> Callable:
        """Tells type checkers that @frozen makes a class's __init__, __eq__ and __hash__
        from its fields, frozen (PEP 681); at run time it leaves the decorator as it is."""
        return lambda decorator: decorator

_MISSING = object()


@dataclass_transform(frozen_default=True, eq_default=True)
def frozen(cls: type[T]) -> type[T]:
    """Make `cls` a frozen value class of its annotated fields, in order."""
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults = {n: cls.__dict__[n] for n in names if n in cls.__dict__}
    for name in defaults:
        delattr(cls, name)

    everything = len(names)
    # the fields that may be given by name after `count` given by position
    by_name = [frozenset(names[count:]) for count in range(everything + 1)]

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        # the instance's fields go into its __dict__ in one update (its own __setattr__
        # refuses): this runs for every round and game read, so it is kept short
        count = len(args)
        given = self.__dict__
        if count == everything and not kwargs:
            given.update(zip(names, args))
            return
        if count > everything:
            raise TypeError(f"{cls.__name__} takes {everything} fields, got {count}")
        if not kwargs.keys() <= by_name[count]:  # not a field, or given by position too
            name = next(n for n in kwargs if n not in by_name[count])
            raise TypeError(f"{cls.__name__}: unexpected or repeated field {name!r}")
        given.update(defaults)
        given.update(zip(names, args))
        given.update(kwargs)
        if len(given) < everything:
            missing = next(n for n in names if n not in given)
            raise TypeError(f"{cls.__name__} needs the field {missing!r}")

    def __setattr__(self: object, name: str, item: object) -> None:
        raise AttributeError(f"{cls.__name__} is frozen: cannot set {name!r}")

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in names)

    def __hash__(self: object) -> int:
        return hash(tuple(getattr(self, n) for n in names))

    def __repr__(self: object) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{cls.__name__}({shown})"

    methods: dict[str, Callable[..., object]] = {"__init__": __init__, "__setattr__": __setattr__,
                                    "__delattr__": __setattr__, "__eq__": __eq__,
                                    "__hash__": __hash__, "__repr__": __repr__}
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    cls.__fields__ = names  # type: ignore[attr-defined]
    return cls


def fields(cls_or_value: object) -> tuple[str, ...]:
    """The field names of a value class (or of a value), in order."""
    return cls_or_value.__fields__  # type: ignore[attr-defined,no-any-return]


def replace(item: T, **changes: object) -> T:
    """A copy of a value with some fields changed."""
    names = fields(item)
    if not changes.keys() <= set(names):
        unknown = set(changes) - set(names)
        raise TypeError(f"{type(item).__name__} has no field {', '.join(sorted(unknown))}")
    copy = object.__new__(type(item))
    copy.__dict__.update(item.__dict__)
    copy.__dict__.update(changes)
    return copy


def asdict(item: object) -> dict[str, object]:
    """The fields of a value as a dict (one level: values inside stay as they are)."""
    return {n: getattr(item, n) for n in fields(item)}
