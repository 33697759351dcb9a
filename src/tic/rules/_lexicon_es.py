"""Spanish phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("v+", "avises|me avises|avisen|me avisen|notifiques|me notifiques|informes|me informes|avisarme|avisame")
    add("v-", "perder|perderme|perderse|pierda|pierdas|ignores|silencies|bloquees")
    add("negv", "dejes de|dejar de|deje de|dejen de")  # "nunca dejes de avisarme": not stop = do
    add("neg", "no hace falta que|no hace falta|no necesito que|no necesito")
    add("f", "quiero|quisiera|me gustaria|necesito")
    add("msgverb", "me escriba|me escriban|escriba|escriban|escribe|escriben|me mande|me manden", EW)
    add("from", "desde")
    add("except", "pero no|pero ningun|pero ninguna|pero nada de|aunque no")
    add("ident", "dominio|el dominio|numero|el numero|direccion|la direccion|direccion del remitente|"
                 "la direccion del remitente|remitente|el remitente|contacto|el contacto")
    add("f", "termina en|terminan en|acaba en|acaban en|alguien|alguno")
    add("unsaved", "numeros que no estan en mis contactos|numeros que no tengo guardados|"
                   "numeros que no estan guardados|numeros no guardados")
