"""French phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("v-", "manquer|rater|rate|rates|manque|manques")
    add("neg", "pas besoin de|pas besoin|aucun besoin de")
    add("f", "veux|voudrais|souhaite|faut|il faut|il|je")
    add("except", "mais pas|mais pas pour|mais pas de|mais pas les|mais aucun|mais aucune|mais jamais")
    add("ident", "domaine|le domaine|numero|le numero|adresse|l'adresse|adresses|les adresses|adresses en|"
                 "adresse en|expediteur|l'expediteur|contact|le contact")
    add("f", "se termine par|se terminent par|finit par|finissent par|termine par|quelqu'un|on")
    add("unsaved", "numeros qui ne sont pas dans mes contacts|numeros qui ne sont pas enregistres|"
                   "numeros non enregistres")
