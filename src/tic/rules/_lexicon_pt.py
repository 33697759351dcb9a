"""Portuguese phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("from", "que vier de|que vier do|que vier da|vier de|vier do|vier da|que venha de|que venha do|que venha da|"
                "venha de|venha do|venha da|que vem de|que vem do|que vem da|vindo de|vindo do|vinda de|vinda da|"
                "enviado por|enviados por|enviada por|enviadas por|mandado por|mandados por")
    add("v+", "avises|me avises|notifiques|me notifiques|informes|me informes|avisar|me avisar|notificar|"
              "me notificar")
    add("v-", "perder|ignores|silencies|bloqueies")
    add("negv", "deixes de|deixar de|deixe de|deixem de|deixa de|deixam de")  # "nunca deixes de me avisar": not stop = do
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
    add("from", "que vier de|que vier do|que vier da|que vem de|que vem do|que vem da|que chegue de|que chegar de|"
                "vier de|vier do|vier da|vem de|vem do|vem da")
    add("about", "que falem de|que falem do|que falem da|que fale de|que fale do|que fale da|falem de|falem do|"
                 "falem da|que tratem de|que trate de|que mencionem|que mencione")
    add("mention", "me marcar|me marcarem|me marque|me identificar|me mencionar|me mencionarem")
    add("group", "individual|individuais|conversas individuais|conversa individual", False)
    add("kind", "conversa|conversas", EW)
    add("cat", "respostas automaticas de ausencia|resposta automatica de ausencia|mensagens de ausencia|"
               "respostas de ausencia", "autoreply")
    add("cat", "boletins informativos|boletim informativo", "newsletter")
    add("whether", "seja|quer seja")
    add("rest", "nenhuma das regras acima|nenhuma das regras anteriores|nenhuma regra|nenhuma das anteriores|"
                "qualquer outra coisa|outra coisa|outras coisas|o que sobrar|todo o resto")
    add("f", "se aplicar|aplicar|se aplica")
    add("neg", "sem notificacoes|sem notificacao|sem avisos|sem alertas")
    add("subjv", "o assunto tiver|o assunto contiver|o assunto tem|o assunto contem|o assunto diz|"
                 "o assunto mencionar|o assunto menciona|o assunto incluir|assunto tiver|assunto contiver")
    add("concfull", "seja quem for o remetente|seja quem for|quem quer que seja o remetente|"
                    "independentemente de quem enviar|venha de quem vier")
    add("between", "das|desde as|desde")
    add("neg", "silencio|horas de silencio|modo silencioso|nao incomodar")
    add("v+", "ve-las|ve-los|ve-la|ve-lo|quero ve-las|quero ve-los|quero ver essas|quero ver esses")
    add("concfull", "seja quem for que os envie|seja quem for que as envie|independentemente de quem os envie|"
                    "independentemente de quem as envie|nao importa quem os envie|nao importa quem as envie|"
                    "nao importa quem os mande|venham de quem vierem|seja de quem for")
    add("keep", "guarda-mo|guarda-mos|guarda-ma|guarda-mas|guarda-os|guarda-as|guarda-o|guarda-a|"
                "o que houver pendente|o que estiver pendente|o que chegar")
    add("v+", "mostra-mo|mostra-mos|mostra-ma|mostra-mas|mostras-mo|mostras-mos|mostras-mas|mostra-me|acordar-me|me acordar|acordar|me acordem")
    add("f", "podem|pode|poderao")
    add("notice", "alarme|alarmes")
    add("my", "nosso|nossa|nossos|nossas")
    add("savedas", "gravada como|gravado como|guardada como|guardado como|gravada no telemovel como")
    add("emph", "sei-as de cor|sei-os de cor|conheco-as de cor|conheco-os de cor")
    add("recur", "se repetem|que se repetem|se repete|que se repete")
    add("v+", "avisem|me avisem|avisem-me")
    add("created", "acrescentado|acrescentada|acrescentados|acrescentadas|que tenham sido acrescentadas|"
                   "que tenham sido acrescentados|que tenham sido adicionadas|que tenham sido adicionados|"
                   "que foram acrescentadas|que foram adicionadas|tenham sido acrescentadas|foram acrescentadas")
    add("kind", "consulta|consultas", C)  # "consulta médica": which ones, the word after says (never dropped)
    add("about", "tratar da|tratar do|tratar de|trate de|trate da|trate do|tratarem de|tratarem da|tratarem do")
    add("concfull", "seja quem for o remetente|seja quem for|nao importa o remetente|nao importa quem mande|"
                    "independente do remetente|qualquer que seja o remetente")
    add("v+", "incomodes|me incomodes|incomode|me incomode|incomodem|me incomodem|incomodar")
    add("concfull", "aconteca o que acontecer|seja o que for")
    add("f", "o mesmo vale para|o mesmo para")
    add("day", "segunda|segundas", ("mon",))
    add("mention", "eu for mencionada|eu for mencionado|for mencionada|for mencionado|me mencionarem|mencionada|"
                   "mencionado")
    add("v+", "interessam|me interessam|interessa|me interessa")
    add("created", "entrar na agenda|entrar no calendario|que entrar na agenda|entrarem na agenda|entrou na agenda|"
                   "entrar na minha agenda")
    add("starts", "comecar|comecarem|que comecar|que comecarem")
    add("created", "colocados na agenda|colocado na agenda|colocadas na agenda|colocada na agenda|postos na agenda|"
                   "adicionados|adicionado|adicionadas|adicionada")
    add("keep", "pode segurar|segurar|segure|segura")
    add("changed", "mudar de hora|mudar de dia|mudar de horario|mudar de hora ou de dia|mudar de dia ou de hora|"
                   "mudarem de hora|mudarem de horario")
    add("v+", "avisas|me avisas")
    add("f", "de qualquer tipo|de todo tipo|de todos os tipos|de toda especie|de qualquer especie|de todo o tipo")  # "newsletters of any kind": says no more than "newsletters"
    add("keep", "guardem|guardar|guarde|guarda|guardem tudo|guarda tudo|segurem|segura tudo")
    add("weekday", "em dias de semana|dias de semana|nos dias de semana|em dia de semana|de segunda a sexta-feira",
        ("mon", "tue", "wed", "thu", "fri"))
    add("concfull", "seja de quem for|sejam de quem forem|venha de quem vier|venham de quem vierem")
    add("f", "forem|for")  # "só se forem sobre férias": only if they are about
    add("from", "venham da|venham do|venham de|vierem da|vierem do|vierem de|vier da|vier do")
    add("from", "que cheguem de|que chegam de|que cheguem do|que chegam do|cheguem de|chegam de")
    add("ident", "enderecos terminados em|endereco terminado em|enderecos que terminam em|endereco que termina em|"
                 "terminados em|terminado em")
    add("subjv", "cujo assunto contenha|cujo assunto contem|cujo assunto tenha|com assunto que contenha")
    add("ident", "enderecos|endereco|os enderecos|o endereco|enderecos de email|endereco de email")
    add("created", "colocar na minha agenda|colocarem na minha agenda|coloque na minha agenda|colocado na agenda|"
                   "colocados na agenda|puser na minha agenda|puserem na minha agenda")
    add("kind", "consulta marcada|consultas marcadas|reuniao marcada|reunioes marcadas|compromisso marcado|"
                "compromissos marcados", C)
