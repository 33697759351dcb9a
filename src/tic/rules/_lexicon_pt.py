"""Portuguese phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("v+", "avises|me avises|notifiques|me notifiques|informes|me informes|avisar|me avisar|notificar|"
              "me notificar")
    add("v-", "perder|ignores|silencies|bloqueies")
    add("negv", "deixes de|deixar de|deixe de|deixem de")  # "nunca deixes de me avisar": not stop = do
    add("neg", "nao precisas de|nao precisa de|nao precisas|nao precisa|nao e preciso|nao preciso que")
    add("f", "quero|queria|gostaria|quem")
    add("msgverb", "me escrever|me escreverem|escrever|escreverem|escreve|escrevem|me escreve|me mandar|"
                   "me mandarem", EW)
    add("msgverb", "mandar e-mail|mandar email|me mandar e-mail|enviar e-mail|me enviar e-mail", E)
    add("msgverb", "mandar mensagem|me mandar mensagem|mandar mensagens|enviar mensagem", W)
    add("except", "mas nao|mas nenhum|mas nenhuma|porem nao")
    add("ident", "dominio|o dominio|numero|o numero|endereco|o endereco|cujo endereco|cujo dominio|"
                 "endereco do remetente|o endereco do remetente|remetente|o remetente|contacto|o contacto|contato|"
                 "o contato")
    add("f", "termina em|terminam em|acaba em|acabam em|alguem")
    add("unsaved", "numeros que nao estao nos meus contactos|numeros que nao estao nos meus contatos|"
                   "numeros que nao tenho guardados|numeros nao guardados|numeros que nao estao guardados")
