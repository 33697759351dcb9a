"""Currencies, in one table: the signs and names an amount is written with (in a rule or in a message), and the
ISO 4217 code each stands for ("" when the name is shared: "pesos" are Mexican, Chilean, Philippine…)."""

from __future__ import annotations

import re

__all__ = ["CURRENCY", "PREFIX_PATTERN", "SUFFIX_PATTERN", "code_of"]

# written before the number ("$5,000", "₱100,000", "R$ 1.480,00")
_PREFIX = {"$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "r$": "BRL", "₱": "PHP", "₹": "INR",
           "₦": "NGN", "₩": "KRW", "₺": "TRY", "₪": "ILS", "ksh": "KES", "a$": "AUD", "c$": "CAD", "nz$": "NZD",
           # ISO codes written first ("PHP 128,750.00", "EUR 1.200")
           "usd": "USD", "eur": "EUR", "gbp": "GBP", "chf": "CHF", "php": "PHP", "inr": "INR", "mzn": "MZN",
           "brl": "BRL", "mxn": "MXN", "cop": "COP", "clp": "CLP", "ars": "ARS", "aud": "AUD", "cad": "CAD",
           "nzd": "NZD", "zar": "ZAR", "kes": "KES", "ngn": "NGN", "sek": "SEK", "nok": "NOK", "dkk": "DKK"}
# written after it ("1.000 €", "50.000 MT", "2 400 euros")
_SUFFIX = {"€": "EUR", "$": "USD", "£": "GBP", "eur": "EUR", "euro": "EUR", "euros": "EUR", "usd": "USD",
           "dollar": "USD", "dollars": "USD", "dolares": "USD", "dólares": "USD", "gbp": "GBP", "pound": "GBP",
           "pounds": "GBP", "reais": "BRL", "brl": "BRL", "chf": "CHF", "franc": "CHF", "francs": "CHF",
           "php": "PHP", "mt": "MZN", "mzn": "MZN", "meticais": "MZN", "inr": "INR", "rupees": "INR",
           "ngn": "NGN", "naira": "NGN", "kes": "KES", "ksh": "KES", "zar": "ZAR", "rand": "ZAR", "mxn": "MXN",
           "cop": "COP", "clp": "CLP", "ars": "ARS", "uyu": "UYU", "pen": "PEN", "soles": "PEN", "aud": "AUD",
           "cad": "CAD", "nzd": "NZD", "sek": "SEK", "nok": "NOK", "dkk": "DKK", "kr": "", "pln": "PLN",
           "zł": "PLN", "czk": "CZK", "huf": "HUF", "aed": "AED", "dirhams": "", "sar": "SAR", "jpy": "JPY",
           "yen": "JPY", "cny": "CNY", "yuan": "CNY", "krw": "KRW", "pesos": "", "peso": ""}

CURRENCY = {**_SUFFIX, **_PREFIX}


def _alternation(keys) -> str:
    return "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))


# a code must end as a word ("EUR 5", never "Europe 5"); a sign needs no boundary
PREFIX_PATTERN = "|".join([_alternation(k for k in _PREFIX if not k.isalpha()),
                           rf"(?:{_alternation(k for k in _PREFIX if k.isalpha())})(?!\w)"])
SUFFIX_PATTERN = "|".join([_alternation(k for k in _SUFFIX if not k.isalpha()),
                           rf"(?:{_alternation(k for k in _SUFFIX if k.isalpha())})(?!\w)"])


def code_of(sign: str) -> str:
    """The ISO code of a sign or name as written ('€' -> 'EUR', 'MT' -> 'MZN', 'pesos' -> '')."""
    return CURRENCY.get(sign.strip().lower(), "")
