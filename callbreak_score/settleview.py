"""Settling up as text and as JSON: each player's net and who pays whom."""

from __future__ import annotations

from decimal import Decimal

from .cells import width, wrap
from .settle import Settlement


def money(amount: Decimal, stake: Decimal) -> str:
    """An amount with the stake's decimal places, more only when the amount needs them."""
    places = max(0, -int(stake.as_tuple().exponent))
    if amount == 0:
        amount = Decimal(0)
    exact = amount.normalize()
    if -int(exact.as_tuple().exponent) > places:
        return format(exact, "f")
    return format(amount.quantize(Decimal(1).scaleb(-places)), "f")


def signed(amount: Decimal, stake: Decimal) -> str:
    return ("+" if amount > 0 else "") + money(amount, stake)


def priced(amount: str, currency: str | None) -> str:
    """An amount with the table's currency before it, after its sign: +₹20, -NPR 5."""
    if not currency:
        return amount
    sign = amount[:1] if amount[:1] in "+-" else ""
    gap = "" if len(currency) == 1 else " "
    return f"{sign}{currency}{gap}{amount[len(sign):]}"


def to_dict(result: Settlement) -> dict[str, object]:
    """The `settle --json` shape: amounts as strings of exact decimals."""
    stake = result.stake
    return {
        "scheme": result.scheme,
        "stake": money(stake, stake),
        "games": list(result.games),
        "net": {name: money(amount, stake) for name, amount in result.net},
        "transfers": [{"from": t.payer, "to": t.payee, "amount": money(t.amount, stake)}
                      for t in result.transfers],
    }


def text(result: Settlement, cols: int, currency: str | None = None) -> str:
    """The settlement for people, amounts with the `currency` setting's symbol."""
    stake = priced(money(result.stake, result.stake), currency)
    games = result.games
    if len(games) == 1:
        head = f"Settling game {games[0]}: {result.scheme} scheme, stake {stake}."
    else:
        head = (f"Settling {len(games)} games ({games[0]} to {games[-1]}): "
                f"{result.scheme} scheme, stake {stake}.")
    lines = wrap(head, cols, "  ")
    name_cols = max((width(name) for name, _ in result.net), default=0)
    amounts = [priced(signed(a, result.stake), currency) for _, a in result.net]
    amount_cols = max((width(a) for a in amounts), default=0)
    for (name, _), amount in zip(result.net, amounts):
        gap = " " * (name_cols - width(name))
        line = f"  {name}{gap}  {' ' * (amount_cols - width(amount))}{amount}"
        lines += wrap(line, cols, "    ") if width(line) > cols else [line]
    if not result.transfers:
        lines.append("Nobody pays anybody.")
    for t in result.transfers:
        paid = priced(money(t.amount, result.stake), currency)
        lines += wrap(f"{t.payer} pays {t.payee} {paid}", cols, "  ")
    return "\n".join(lines) + "\n"
