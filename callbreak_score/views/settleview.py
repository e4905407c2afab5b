"""Settling up as text and as JSON: each player's net and who pays whom."""

from __future__ import annotations

from decimal import Decimal

from callbreak_score.core.settle import Settlement
from callbreak_score.i18n import _, num, t

from .cells import Style, width, wrap


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


def text(result: Settlement, style: Style, currency: str | None = None) -> str:
    """The settlement for people, amounts with the `currency` setting's symbol, in the
    language's digits; the scheme is named as it is typed (rank, points)."""
    cols = style.width
    stake = num(priced(money(result.stake, result.stake), currency))
    games = result.games
    if len(games) == 1:
        head = t("Settling game {game}: {scheme} scheme, stake {stake}.", game=games[0],
                 scheme=result.scheme, stake=stake)
    else:
        head = t("Settling {count} games ({first} to {last}): {scheme} scheme, stake {stake}.",
                 count=len(games), first=games[0], last=games[-1], scheme=result.scheme,
                 stake=stake)
    lines = wrap(head, cols, "  ")
    name_cols = max((width(name) for name, _net in result.net), default=0)
    amounts = [num(priced(signed(a, result.stake), currency)) for _name, a in result.net]
    amount_cols = max((width(a) for a in amounts), default=0)
    for (name, _net), amount in zip(result.net, amounts):
        gap = " " * (name_cols - width(name))
        line = f"  {name}{gap}  {' ' * (amount_cols - width(amount))}{amount}"
        lines += wrap(line, cols, "    ") if width(line) > cols else [line]
    if not result.transfers:
        lines += wrap(_("Nobody pays anybody."), cols, "  ")
    for move in result.transfers:
        paid = num(priced(money(move.amount, result.stake), currency))
        lines += wrap(t("{payer} pays {payee} {amount}", payer=move.payer, payee=move.payee,
                        amount=paid), cols, "  ")
    return "\n".join(lines) + "\n"
