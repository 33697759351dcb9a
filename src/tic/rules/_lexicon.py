"""The words a rule is read with, by what they do (T7), in English, Spanish, Portuguese, German and French.

One table: a phrase (folded words) -> its class and value. The reader matches
the longest phrase at each position. Classes:

  f        filler: carries no meaning of its own ("the", "please", "me")
  neg      a negation ("not", "never", "nunca", "nie", "jamais", "não")
  negv     a verb that negates the verb after it ("fail to", "dejes de"): a negation of its own, never concord
  v+ / v-  a verb that surfaces (notify, tell, ping) / one that hides (mute, skip, ignore)
  always   "always": a surfacing rule without a verb
  kind     an event kind noun (value: kinds) - "emails", "WhatsApp", "meetings"
  notice   a word for "the alert about it" ("notifications", "reminders"): the event itself
  any      "anything", "everything": no constraint
  cat      a kind of mail (value: category) - "newsletters", "promotions"
  group    group (True) or direct (False) chats
  mention  an @-mention of the user
  from     opens a sender slot; org opens an organisation ("anyone at")
  about    opens a topic slot; subject: "in the subject"; with: "meetings with X"
  or/and   list connectives
  unless / except / only / if / conc   structure: exceptions, conditions, concessions ("even if")
  concfull a whole concessive phrase ("no matter who sent it"): widens nothing
  created / today / new / starts / within / unit / fromnow / recur / every / allday   calendar timing
  unsaved / saved   chat senders not in / in the contacts
  role     a kind of sender the sender itself shows (value: role)
  msgverb  a sender's verb ("emails me", "messages me"; value: kinds)
  savedas  "saved as" (a contact's saved name follows)
  my / pron   possessives and pronouns (who a role or "it" refers to)
  judge    a word only judgement can settle ("urgent", "important")
  between / after / before / weekend / weekday / day   time windows (holds)
  cmp      an amount comparison (value: ">", ">=", "<", "<=")
  emph     emphasis that changes nothing ("is the one thing that can't slip")
  because / anyway   a reason the user gives ("because …", "… anyway"): changes nothing, dropped with its clause
"""

from __future__ import annotations

from dataclasses import dataclass

from tic.rules._tokens import fold, split_elisions

__all__ = ["AMOUNT_NOUNS", "Lex", "LEXICON", "MAX_PHRASE", "candidates"]


@dataclass(frozen=True)
class Lex:
    cls: str
    value: object = None
    words: int = 1


LEXICON: dict[tuple[str, ...], tuple[Lex, ...]] = {}


def _add(cls: str, phrases: str, value: object = None) -> None:
    for phrase in phrases.split("|"):
        key = tuple(split_elisions(fold(phrase)))
        if key:
            old = LEXICON.get(key, ())
            if not any(x.cls == cls for x in old):
                LEXICON[key] = old + (Lex(cls, value, len(key)),)


E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")

# --- filler -----------------------------------------------------------------------------------------
_add("f", "the|a|an|me|i|i'm|i am|i've|i have|i'd|to me|for me|please|pls|my own|of|to|in|on|at|for|that|which|who|"
          "there|is|are|was|were|be|been|being|it|it's|its|they|they're|them|their|this|these|those|one|ones|"
          "just|also|too|straight away|right away|immediately|directly|explicitly|specifically|personally|really|"
          "completely|entirely|altogether|at all|ever|whatsoever|still|any channel|on any channel|any time|anytime|"
          "every time|each time|some|someone|somebody|anyone|anybody|get|gets|got|has to|have to|must|should|can|"
          "could|would|will|can be|should be|may|might|do|does|did|want|wants|i want|i'd like|i would like|i like|we'd like|"
          "as well|either|via|by|with it|in it|about it|about them|about those|about these|so|then|too|"
          "about|sent|sends|send|write|writes|wrote|written|"
          "el|la|los|las|un|una|unos|unas|me|mi|mis|yo|a mi|para mi|por favor|de|del|que|en|es|son|sea|sean|lo|le|les|"
          "al|con ellos|todo el|cualquier|alguno|alguna|ya|tambien|siempre que sea|"
          "der|die|das|den|dem|des|ein|eine|einen|einem|einer|mich|mir|ich|bitte|von|vom|zu|zum|zur|im|in|ist|sind|"
          "es|sie|er|auch|mal|doch|ja|bei|an|am|auf|jede|jeder|jedes|alle|"
          "le|la|les|l'|un|une|des|du|de|d'|me|moi|je|j'|s'il te plait|s'il vous plait|stp|svp|que|qui|en|est|sont|"
          "ce|cela|ca|il|elle|ils|elles|y|aussi|tout de suite|"
          "o|a|os|as|um|uma|uns|umas|eu|mim|para mim|do|da|dos|das|no|na|nos|nas|que|e|sao|seja|ele|ela|eles|elas|"
          "tambem|por favor|logo|")
# --- negation and effect verbs ----------------------------------------------------------------------
_add("neg", "not|don't|dont|do not|does not|doesn't|never|no|none|nothing|didn't|won't|will not|shouldn't|"
            "should not|can't|cannot|mustn't|must not|no need to|nunca|jamas|no|ni|nada|ningun|ninguna|nie|niemals|"
            "nicht|kein|keine|keinen|keinesfalls|jamais|ne|n'|pas|aucun|aucune|rien|nao|nem|nenhum|nenhuma|nunca")
_add("v+", "notify|notify me|tell|tell me|let me know|inform|inform me|alert|alert me|ping|ping me|flag|surface|"
           "show|show me|wake me|wake me up|remind|remind me|bother|bother me|interrupt|interrupt me|disturb|"
           "disturb me|hear|hear about|to hear about|see|to know|want to know|want to see|"
           "want to hear|i want to know|i want to see|i want to hear|give me a heads-up|give me a heads up|heads-up|"
           "heads up|a heads-up|get through|gets through|always gets through|come through|reach me|reaches me|"
           "has to reach me|make sure i see|make sure i know|keep me posted|keep me in the loop|pass on|pass it on|"
           "forward|send me|let me see|bring up|raise|highlight|"
           "avisame|avisarme|avisa|avisar|notificame|notificarme|notifica|notificar|dime|decirme|informame|"
           "informarme|alertame|alertarme|quiero saber|quiero enterarme|quiero ver|hazme saber|enterarme|"
           "benachrichtige|benachrichtigen|benachrichtige mich|benachrichtigt|informiere|informiere mich|sag mir|"
           "sag mir bescheid|bescheid|bescheid geben|gib mir bescheid|melde|melden|zeig|zeige|zeigen|"
           "ich will wissen|ich mochte wissen|stor|storen|storen sie mich|"
           "previens|previens-moi|prevenez-moi|notifie|notifie-moi|notifiez|notifiez-moi|informe-moi|"
           "informez-moi|dis-moi|dites-moi|alerte-moi|alertez-moi|signale|signale-moi|preveni|prevenir|"
           "je veux savoir|je veux voir|tiens-moi au courant|deranger|derange|derange-moi|"
           "avise|avise-me|avisa-me|me avise|notifique|notifique-me|me notifique|notifica-me|diga-me|me diga|"
           "me informe|informe-me|alerta-me|me alerte|quero saber|quero ver|me avisa|avisar-me|incomodar|"
           "me incomode|incomode|care about|care|matters to me|importa|importan|me importa|me importan")
_add("v-", "i couldn't care less about|couldn't care less about|je m'en fiche|je m'en fous|me da igual|me dan igual|"
           "tanto faz|ist mir egal|sind mir egal")  # "don't care: instagram, tiktok"
_add("v-", "quiet|silent|mute|silence|silenced|be silenced|can be silenced|skip|ignore|ignored|drop|hide|suppress|block|"
           "filter out|leave out|leave their reminders out|leave it out|leave them out|stay quiet|keep quiet|"
           "be quiet|stay silent|keep silent|be silent|miss|muted|skipped|dropped|hidden|blocked|"
           "silencia|silenciar|silencie|ignora|ignorar|ignore|omite|omitir|bloquea|bloquear|descarta|descartar|"
           "stumm|stummschalten|schalte stumm|ignoriere|ignorieren|unterdrucke|blende aus|uberspringe|"
           "ignore|ignorer|ignorez|masque|masquer|masquez|bloque|bloquer|passe|sauter|coupe|couper|"
           "silencie|silenciar|ignore|ignorar|oculte|ocultar|bloqueie|pule|pular")
_add("always", "always|siempre|immer|toujours|sempre|in any case|in every case|en todo caso|auf jeden fall|"
               "en tout cas|de toute facon|em todo caso")
_add("emph", "is the one thing that can't slip|is the one thing that cannot slip|is what matters|matters most|"
             "is critical|is a priority|is my priority|without fail|no exceptions|straight away|as soon as possible|"
             "right away|at once")
# --- kinds, notices, categories ---------------------------------------------------------------------
_add("kind", "email|emails|e-mail|e-mails|mail|mails|inbox|message in my inbox|messages in my inbox|"
             "correo|correos|correo electronico|correos electronicos|email|emails|"
             "e-mail-nachricht|mail-nachricht|e-mail-nachrichten|courriel|courriels|mel|"
             "mensagem de e-mail|correio|correio eletronico", E)
_add("kind", "whatsapp|whats app|whatsapps|whatsapp message|whatsapp messages|chat|chats|chat message|"
             "chat messages|text|texts|text message|text messages|sms|"
             "mensaje de whatsapp|mensajes de whatsapp|whatsapp-nachricht|whatsapp-nachrichten|"
             "message whatsapp|messages whatsapp|mensagem de whatsapp|mensagens de whatsapp|mensagem no whatsapp|"
             "mensagens no whatsapp", W)
_add("kind", "calendar|calendars|calendar event|calendar events|calendar item|calendar items|calendar entry|"
             "calendar entries|calendar stuff|calendar invite|calendar invites|event|events|meeting|meetings|"
             "appointment|appointments|invite|invites|invitation|invitations|entry|entries|stand-up|stand-ups|"
             "standup|standups|call|calls|"
             "calendario|evento|eventos|reunion|reuniones|cita|citas|invitacion|invitaciones|"
             "kalender|termin|termine|kalendereintrag|kalendereintrage|besprechung|besprechungen|meeting|meetings|"
             "einladung|einladungen|"
             "agenda|calendrier|evenement|evenements|reunion|reunions|rendez-vous|invitation|invitations|"
             "calendario|evento|eventos|reuniao|reunioes|compromisso|compromissos|convite|convites", C)
_add("kind", "message|messages|mensaje|mensajes|nachricht|nachrichten|message|messages|mensagem|mensagens", EW)
_add("notice", "notification|notifications|alert|alerts|ping|pings|update|updates|"
               "notificacion|notificaciones|aviso|avisos|alerta|alertas|"
               "benachrichtigung|benachrichtigungen|hinweis|hinweise|"
               "notification|notifications|alerte|alertes|"
               "notificacao|notificacoes")
# a reminder of a calendar item is the item; "Doctolib reminders" are one kind of what Doctolib sends (see _phrases)
_add("remind", "reminder|reminders|recordatorio|recordatorios|erinnerung|erinnerungen|rappel|rappels|"
               "lembrete|lembretes")
_add("any", "anything|everything|all|any|any of it|each|every|something|stuff|whatever|any event|all events|"
            "cualquier cosa|todo|algo|alles|etwas|irgendwas|jedes|tout|toute|tous|toutes|quelque chose|"
            "n'importe quoi|qualquer coisa|tudo|algo|qualquer")
_add("cat", "newsletter|newsletters|bulletin|bulletins|boletin|boletines|boletim|boletins|lettre d'information|"
            "lettres d'information|infolettre|infolettres|rundbrief|rundbriefe", "newsletter")
_add("cat", "marketing|promo|promos|promotion|promotions|promotional|promotional emails|promotional mail|advert|"
            "adverts|advertising|ads|advertisement|advertisements|offers|deals|sales pitch|sales pitches|"
            "sales emails|sales mail|cold emails|cold outreach|publicidad|promocion|promociones|ofertas|"
            "werbung|angebote|werbemails|werbe-mails|publicite|publicites|pub|pubs|promotionnel|promotionnels|"
            "publicidade|promocoes|promocao|propaganda|propagandas", "marketing")
_add("cat", "digest|digests|summary|summaries|report|reports|recap|recaps|round-up|round-ups|roundup|roundups|"
            "weekly summary|resumen|resumenes|informe|informes|zusammenfassung|zusammenfassungen|bericht|berichte|"
            "resume|resumes|rapport|rapports|compte rendu|resumo|resumos|relatorio|relatorios", "digest")
_add("cat", "automated|automatic|auto-generated|automatically generated|machine-generated|no-reply|noreply|"
            "anything a robot sends|anything a robot sends on a schedule|automated mail|automated emails|automatic emails|automaticos|automaticas|"
            "automatico|automatica|automatisch|automatische|automatisierte|automatique|automatiques|"
            "automatico|automaticos|automaticas|automatizados", "automated")
_add("cat", "social media|social network|social networks|social-network|redes sociales|red social|"
            "soziale netzwerke|soziale medien|reseaux sociaux|reseau social|redes sociais|rede social", "social")
_add("cat", "spam|phishing|scam|scams|estafa|estafas|betrug|arnaque|arnaques|golpe|golpes", "spam")
_add("cat", "receipt|receipts|order confirmation|order confirmations|shipping notice|shipping notices|"
            "shipping notification|shipping notifications|shipping update|shipping updates|delivery notification|"
            "delivery notifications|delivery update|delivery updates|recibo|recibos|confirmaciones de pedido|"
            "avisos de envio|quittung|quittungen|versandbestatigung|versandbestatigungen|recu|recus|"
            "confirmation de commande|confirmations de commande|avis d'expedition|comprovante|comprovantes|"
            "aviso de envio|avisos de envio", "transactional")
_add("cat", "mailing list|mailing lists|mailing-list|mailing-lists|listserv|google groups|lista de correo|"
            "listas de correo|mailingliste|mailinglisten|verteiler|liste de diffusion|listes de diffusion|"
            "lista de e-mail|listas de e-mail|lista de discussao", "list")
_add("cat", "automatic reply|automatic replies|auto-reply|auto-replies|autoreply|autoreplies|auto reply|"
            "auto replies|out-of-office|out of office|out-of-office messages|out of office messages|"
            "out-of-office replies|vacation reply|vacation replies|away message|away messages|"
            "respuesta automatica|respuestas automaticas|fuera de la oficina|abwesenheitsnotiz|"
            "abwesenheitsnotizen|automatische antwort|automatische antworten|reponse automatique|"
            "reponses automatiques|absence du bureau|resposta automatica|respostas automaticas|fora do escritorio",
     "autoreply")
# --- chats --------------------------------------------------------------------------------------------
_add("group", "group|groups|group chat|group chats|group message|group messages|whatsapp group|whatsapp groups|"
              "grupo|grupos|chat de grupo|chats de grupo|grupo de whatsapp|grupos de whatsapp|gruppe|gruppen|"
              "gruppenchat|gruppenchats|whatsapp-gruppe|whatsapp-gruppen|groupe|groupes|discussion de groupe|"
              "discussions de groupe|groupe whatsapp|groupes whatsapp|conversa de grupo|conversas de grupo",
     True)
_add("group", "direct chat|direct chats|private chat|private chats|private message|private messages|dm|dms|"
              "direct message|direct messages|"
              "one-to-one chats|one-to-one messages|individual chats|personal messages|chat privado|"
              "chats privados|mensajes privados|mensaje privado|privatchat|privatchats|privatnachricht|"
              "privatnachrichten|message prive|messages prives|discussion privee|discussions privees|"
              "conversa privada|conversas privadas|mensagem privada|mensagens privadas", False)
_add("mention", "@mention|@mentions|@mentioned|@-mention|@-mentions|@-mentioned|@tag|@tagged|@tags|mentioned|"
                "mention me|mentions me|mentioning me|tag me|tags me|tagged|tagged with @|mentioned with @|"
                "tags me with @|with @|@me|mentioned by name with @|"
                "me mencionen|me menciona|me mencionan|me mencionaron|me etiqueten|"
                "me etiquetan|con @|mich erwahnt|mich erwahnen|ich erwahnt werde|ich markiert werde|mich markiert|"
                "mit @|me mentionne|me mentionnent|on me mentionne|je suis mentionne|je suis mentionnee|avec @|"
                "me mencionar|me mencionem|me mencionarem|me marcar|me marquem|me marcarem|com @")
# --- slots -----------------------------------------------------------------------------------------------
_add("from", "from|sent by|written by|organised by|organized by|coming from|de parte de|enviado por|enviados por|"
             "enviadas por|escrito por|von|gesendet von|geschickt von|de la part de|envoye par|envoyes par|"
             "envoyees par|enviado por|enviados por|enviadas por|vindos de|vindas de|vindo de|"
             # a calendar item's sender is its organiser
             "organisees par|organisee par|organise par|organises par|organizadas por|organizada por|organizado por|"
             "organizados por|marcada pelo|marcada pela|marcado pelo|marcadas pelo|marcados pelo|organisiert von|"
             "angelegt von|eingetragen von|created by|set up by|scheduled by|convocada por|convocadas por")
_add("org", "anyone at|anybody at|anyone from|anybody from|someone at|someone from|somebody at|somebody from|"
            "everyone at|everybody at|people at|people from|staff at|staff from|folks at|anyone who works at|"
            "colleagues at|employees of|employees at|the team at|members of|anyone in|"
            "alguien de|cualquiera de|cualquier persona de|gente de|personas de|"
            "jemand von|jemand bei|jemandem von|jemandem bei|irgendwer von|alle von|mitarbeiter von|mitarbeitende von|"
            "quelqu'un de|quelqu'un chez|n'importe qui de|n'importe qui chez|les gens de|chez|"
            "alguem de|alguem da|alguem do|qualquer pessoa de|qualquer pessoa da|qualquer pessoa do|pessoas de")
_add("about", "about|regarding|concerning|mentioning|that mention|that mentions|which mention|which mentions|"
              "touching on|touches on|that touch on|that touches on|touch on|related to|relating to|re|re:|"
              "on the topic of|on the subject of|to do with|having to do with|dealing with|that mention it|"
              "mentions|mention|"
              "sobre|acerca de|relacionado con|relacionados con|relacionada con|relacionadas con|que mencione|"
              "que mencionen|que menciona|que mencionan|menciona|mencionen|referente a|respecto a|"
              "uber|betreffend|betreffs|bezuglich|zum thema|zu dem thema|die erwahnen|das erwahnt|der erwahnt|"
              "sur|concernant|au sujet de|a propos de|qui mentionne|qui mentionnent|mentionnant|relatif a|"
              "relatifs a|sobre|a respeito de|relacionado a|relacionados a|relacionada a|que mencione|"
              "que mencionem|que menciona|mencionando|referente ao|referentes a")
_add("subject", "in the subject|in the subject line|in its subject|in their subject|in the title|"
                "en el asunto|en el titulo|im betreff|in der betreffzeile|dans l'objet|dans le sujet|"
                "no assunto|no titulo")
_add("eg", "like|such as|for example|for instance|por ejemplo|zum beispiel|beispielsweise|par exemple|"
          "por exemplo|tipo|como por ejemplo|comme par exemple|wie zum beispiel|genre|style")  # "recurring meetings like the daily standup": examples of what comes before
_add("with", "with|con|mit|avec|com")
_add("or", "or|nor|o|u|oder|ou|and/or")
_add("and", "and|as well as|plus|y|e|und|sowie|et|e")
# --- structure ---------------------------------------------------------------------------------------
_add("unless", "unless|except if|except when|except where|but not if|but not when|other than when|"
               "a menos que|a no ser que|a no ser|salvo que|salvo si|excepto si|excepto cuando|excepto que|menos si|"
               "es sei denn|ausser wenn|ausser falls|ausgenommen wenn|"
               "sauf si|sauf quand|a moins que|a moins qu'|"
               "a nao ser que|a menos que|exceto se|exceto quando|salvo se|salvo quando")
_add("except", "except|except for|excepting|but not|other than|apart from|aside from|excluding|not including|"
               "excepto|salvo|menos|aparte de|excluyendo|ausser|ausgenommen|bis auf|abgesehen von|sauf|hormis|"
               "a part|a l'exception de|excepte|exceto|fora|com excecao de|excluindo")
_add("only", "only|solo|solamente|unicamente|nur|ausschliesslich|erst|seulement|uniquement|apenas|so|somente")
_add("if", "if|when|whenever|once|in case|as soon as|every time|each time|any time|anytime|"
           "si|cuando|cada vez que|siempre que|en cuanto|wenn|falls|sobald|immer wenn|jedes mal wenn|"
           "quand|lorsque|chaque fois que|des que|se|quando|sempre que|caso|assim que|toda vez que|cada vez que")
_add("conc", "even if|even when|even though|even from|even before|even after|even at|even on|even during|"
             "aunque|incluso si|aun si|auch wenn|selbst wenn|sogar wenn|meme si|meme quand|mesmo que|mesmo se|"
             "ainda que|not even if|not even when|ni siquiera si|ni siquiera cuando|ni aunque|nem mesmo se|"
             "nem mesmo quando|nicht mal wenn|nicht einmal wenn|auch nicht wenn|meme pas si|pas meme si|meme pas quand")
# a reply in a thread the user started or answered (the Sent folder says which)
_add("thread", "les reponses aux fils de mails que j'ai lances|reponses aux fils de mails que j'ai lances|"
               "alguem responder um e-mail que eu mandei|responder um e-mail que eu mandei|"
               "responder a um e-mail que eu mandei|responder um email que eu mandei|alguien responde a un correo mio|"
               "replying in a thread i started or answered|antworten in threads , die ich angefangen habe|"
               "antworten auf mails , die ich geschickt habe|that reply in a thread i started or answered|it replies in a thread i started or answered|"
               "replies in a thread i started or answered|replies to a thread i started|replies to threads i started|"
               "replies to an email i sent|replies to emails i sent|replies to my emails|replies to my email|"
               "replies to my threads|replies in my threads|replies to a thread i'm in|replies to threads i'm in|"
               "replies in threads i started|replies on threads i started|replies to something i sent|"
               "replies to a thread i started or answered|someone replies to an email i sent|"
               "someone replies to a thread i started|anyone replies to an email i sent|"
               "respuestas a hilos que empece|respuestas a hilos que empece yo|respuestas a mis correos|"
               "las respuestas a hilos que empece yo|responde a un correo mio|respuestas a correos que envie|"
               "antworten auf meine mails|antworten auf meine e-mails|antworten in threads, die ich angefangen habe|"
               "antworten in threads die ich angefangen habe|antworten auf mails, die ich geschickt habe|"
               "reponses a mes mails|les reponses aux fils de discussion que j'ai lances|"
               "reponses aux fils de discussion que j'ai lances|reponses aux fils que j'ai lances|"
               "reponses a mes threads|respostas aos meus e-mails|respostas as conversas que eu comecei|"
               "respostas a e-mails que enviei")
# where the user is among an e-mail's recipients (To, or only Cc)
_add("addressed", "i'm only in cc|i am only in cc|i'm only on cc|i am only on cc|i'm only cc'd|i am only cc'd|"
                  "i'm just cc'd|i'm just in cc|i'm just on cc|i'm merely cc'd|only cc'd|just cc'd|only in cc|"
                  "only on cc|i'm cc'd|i am cc'd|i'm cc'd on|i get cc'd on|i'm in cc|i am in cc|i'm on cc|cc'd|"
                  "cc'd to me|cc only|cc-only|in cc|on cc|cc|im only cc'd|im only in cc|im only on cc|im cc'd|"
                  "im just cc'd|cc's me|ccs me|cc me|copies me|me pone en copia|me ponen en cc|me pone en cc|"
                  "mich in cc setzt|mich in cc nimmt|me met en copie|me mettent en copie|me coloca em copia|"
                  "solo estoy en copia|estoy solo en copia|solo estoy en cc|estoy en copia|estoy en cc|solo en copia|"
                  "solo en cc|me ponen en copia|en copia|con copia|"
                  "ich nur in cc stehe|ich nur in cc bin|ich in cc stehe|ich in cc bin|nur in cc|in cc|"
                  "ich nur in kopie stehe|nur in kopie|in kopie|nur cc|"
                  "je suis seulement en copie|je suis juste en copie|je suis en copie|je ne suis qu'en copie|"
                  "seulement en copie|juste en copie|en copie|je suis en cc|en cc|"
                  "estou so em copia|so estou em copia|estou em copia|so em copia|em copia|estou em cc|em cc|"
                  "apenas em copia|so estou em cc|estou so em cc|apenas estou em cc|so em cc|fico em copia|"
                  "fico so em copia", "cc")
_add("addressed", "solo voy en copia|voy en copia|solo voy en cc|voy en cc|so vou em copia|vou em copia|"
                  "je ne suis qu'en copie|je suis juste en copie|bin nur in kopie|nur in kopie", "cc")
_add("addressed", "i'm in the to line|i am in the to line|i'm in the to : line|i am in the to : line|i'm in the to field|"
                  "i am in the to field|i'm in the to : field|in the to line|in the to : line|in the to field|"
                  "in the to : field|i'm in to|i am in to|i'm in to :|i am in to :|addressed to me|"
                  "addressed directly to me|sent directly to me|sent to me directly|written directly to me|"
                  "i'm a direct recipient|i am a direct recipient|"
                  "estoy en el para|estoy en el campo para|en el campo para|dirigidos a mi|dirigido a mi|"
                  "enviados directamente a mi|ich im an-feld stehe|ich im feld an stehe|im an-feld|direkt an mich|"
                  "an mich adressiert|je suis en destinataire principal|je suis destinataire direct|"
                  "adresses directement a moi|envoyes directement a moi|estou no para|estou no campo para|"
                  "no campo para|enviados diretamente para mim|diretamente para mim", "to")
# "e-mails where I'm only in CC": "where" says which e-mails (valid only before where the user is: _scan)
_add("f", "where|in which|en los que|en las que|em que|nos quais|dans lesquels|dans lesquelles|ou|in denen|wo|donde|onde|"
          "bei denen", "where")
_add("mention", "@mentioning me|@ - mentioning me|@-mentioning me|@mentions me|@ - mentions me|@-mentions me|"
                "@mentioning|@ - mentioning|")
_add("mention", "i'm @ d|i am @ d|@ d|someone @ d me|i get @ d|i get @ d'd|menciones|mencoes|erwahnungen|"
                "@-erwahnungen|@ - erwahnungen|mentions me|mention me")
_add("cat", "social notifs|social notifications|social media notifs|social network notifs|notifs sociales|"
            "notificaciones sociales|notificacoes sociais", "social")
_add("cmp", "au dessus de|au-dessus des|au dessus des|plus de", ">")
# "sauf celle de l'Ordre des experts-comptables": the one from (valid only before a name: "ceux de toute la
# journée" are "those of")
_add("from", "celle de|celles de|celui de|ceux de|the one from|the ones from|those from|la de|las de|los de|el de|"
             "la del|los del|las del|a do|a da|as do|as da|o do|os do|die von|der von|das von", "those")
_add("concfull", "dont care what time it is|don't care what time it is|i don't care what time it is|"
                 "whatever time it is|no matter the hour|me da igual la hora|peu importe l'heure qu'il est|"
                 "egal wie spat es ist|nao importa que horas sao")
_add("f", "que me lleguen|que me llegan|que lleguen|que llegan|que me chegam|que chegam|qui m'arrivent|qui arrivent|"
          "that reach me|that come in|die reinkommen|die ankommen")
_add("weekend", "finde|el finde|los findes|en el finde|fds|le we", ("sat", "sun"))
# ", même le dimanche", ", even on Sundays": widens nothing (after a comma only, as emphasis is)
_add("conc", "even|meme|incluso|aun|sogar|selbst|mesmo|ate mesmo", "emphasis")
_add("f", "type stuff|type of stuff|kind of stuff|sort of stuff|type things|kind of thing|that kind of thing")
_add("concfull", "quoi que ce soit|whatever it is|lo que sea|sea lo que sea|seja o que for|o que for|was auch immer|"
                 "egal was")
# "…: só quando alguém me marcar com @. Fora isso, silêncio": the other side of what the rule lets through
_add("rest", "fora isso|fora disso|fuera de eso|aparte de eso|other than that|apart from that|besides that|"
             "abgesehen davon|a part ca|en dehors de ca")
# "Facturas de más de 500 € sí, las demás no", "Rechnungen über 2.000 € melden, kleinere nicht": the others of what
# the rule names (read only at the end, after a comma: `_reader._without_otherwise`)
_add("rest", "the others|the other ones|smaller ones|the smaller ones|anything smaller|anything less|anything under that|"
             "under that|below that|las demas|los demas|las otras|los otros|las menores|los menores|as demais|os demais|"
             "as outras|os outros|as menores|os menores|die anderen|die ubrigen|kleinere|die kleineren|les autres|"
             "les plus petites|les plus petits|en dessous")
_add("v+", "sonne|sonner|suena|sonar|klingelt|klingeln|toca|tocar|ring|rings|buzz|buzzes|vibre|vibrer")  # "rien ne sonne"
_add("keep", "attend|attendent|attendre|tout attend|espera|esperan|wartet|warten|aguarda|aguardam|das hat|das hat zeit|"
             "hat zeit")  # "…, das hat bis 7 Uhr Zeit": it can wait till 7
_add("v-", "let me miss|let me miss out on|me dejes perder|me deixes perder|me laisse rater|me laisse manquer|"
           "lass mich verpassen")  # "dont let me miss anything from…": two negations, tell
_add("eg", "wie|wie etwa|wie z. b.|comme|tels que|telles que|tais como|tal como|tales como")
_add("f", "diese|dieser|dieses|these|ces|cette|estos|estas|estes|essas|esses")  # "diese 'Ihr Paket …'-Mails"
_add("from", "vierem da|vierem do|vierem de|vierem dos|vierem das|vier da|vier do|vier de|vengan de|vengan del|"
             "venga de|venga del")  # "exceto se vierem da diretora": if they come from
# "Gareth Pryce, his mobile is 07700 914382": the number that is his
_add("ident", "his mobile is|her mobile is|their mobile is|his number is|her number is|their number is|his phone is|"
              "her phone is|his cell is|her cell is|o whatsapp dele e|o whatsapp dela e|o numero dele e|"
              "o numero dela e|o celular dele e|o celular dela e|su movil es|su celular es|su numero es|"
              "seine nummer ist|ihre nummer ist|seine handynummer ist|ihre handynummer ist|son numero est|"
              "son portable est")
_add("emph", "completely|completly|entirely|totally|altogether|for good|komplett|vollstandig|completamente|"
             "totalmente|completement|totalement|entierement")
_add("created", "eingetragen werden|eingetragen wird|hinzugefugt werden|hinzugefugt wird|angelegt werden|"
                "angelegt wird")
_add("f", "otros|otras|otro|otra|outros|outras|outro|outra|autres|autre|andere|anderen|anderer|anderes")  # "other"
# "a client at @harborline.com": anyone who writes from there (what they are narrows nothing the domain does not)
_add("org", "a client at|clients at|any client at|a customer at|customers at|any customer at|a colleague at|"
            "colleagues at|a supplier at|suppliers at|un cliente de|clientes de|un client de|clients de|"
            "um cliente de|clientes da|ein kunde von|kunden von")
_add("keep", "save|save it|save them|save the rest|save up")  # "…, save the rest for Monday 8am"
# "Facebook et Instagram, point final": nothing more to say
_add("emph", "point final|point barre|punto final|punto y final|ponto final|ponto|punkt|schluss|punkt aus|end of story")
# places that are who a sender is ("(Dad's care home)"), never a verb
_add("word", "care home|care homes|nursing home|nursing homes")
# emphasis: "Anything from Priya, especially around tax season" - the rest of the clause singles some out and
# narrows nothing (only after a comma or a dash: "alles besonders Dringende" is "everything especially urgent")
_add("conc", "especially|especially if|especially when|esp|particularly|particularly if|particularly when|"
             "in particular|above all|above all if|mainly|mostly|"
             "sobre todo|sobre todo si|sobre todo cuando|especialmente|especialmente si|especialmente cuando|"
             "en especial|en especial si|principalmente|principalmente si|principalmente se|sobretudo|sobretudo se|"
             "sobretudo quando|em especial|em especial se|especialmente se|especialmente quando|"
             "besonders|besonders wenn|besonders wenns|vor allem|vor allem wenn|insbesondere|insbesondere wenn|"
             "surtout|surtout si|surtout quand|notamment|notamment si|en particulier|en particulier si",
     "emphasis")
_add("concfull", "no matter who sent it|no matter who sent them|no matter who sends it|no matter who sends them|"
                 "no matter who|no matter the sender|regardless of sender|regardless of the sender|"
                 "regardless of who sent it|regardless of who sends it|whoever sent it|whoever sends it|"
                 "whoever sent them|whoever sends them|whoever sends|whoever it's from|from anyone|from anybody|"
                 "any sender|from any sender|whatever the sender|egal who sends them|egal who|"
                 "sin importar quien lo envie|sin importar quien|da igual quien lo envie|da igual quien|"
                 "lo envie quien lo envie|quienquiera que lo envie|de quien sea|de cualquier remitente|"
                 "egal wer|egal von wem|egal wer sie schickt|egal wer es schickt|von wem auch immer|"
                 "quel que soit l'expediteur|peu importe qui|peu importe l'expediteur|de n'importe qui|"
                 "nao importa quem|seja quem for|independentemente do remetente|de qualquer remetente|"
                 "de qualquer pessoa")
# --- calendar timing -----------------------------------------------------------------------------------
_add("created", "added|created|put|booked|scheduled|lands|landed|land|pops up|shows up|appears|arrives|arrive|"
                "was added|were added|is added|are added|was created|were created|is created|are created|"
                "was put|is put|was booked|gets added|get added|"
                "put on my calendar|lands on my calendar|added to my calendar|added to the calendar|"
                "anadido|anadida|anadidos|anadidas|creado|creada|creados|creadas|agregado|agregada|"
                "hinzugefugt|erstellt|angelegt|eingetragen|ajoute|ajoutee|ajoutes|ajoutees|cree|creee|crees|creees|"
                "adicionado|adicionada|adicionados|adicionadas|criado|criada|criados|criadas")
_add("today", "today|hoy|heute|aujourd'hui|hoje|de hoy|von heute|d'aujourd'hui|de hoje")
_add("new", "new|newly|brand-new|recently|nuevo|nueva|nuevos|nuevas|neu|neue|neuer|neuen|nouveau|nouvelle|"
            "nouveaux|nouvelles|novo|nova|novos|novas")
_add("starts", "starts|start|starting|begins|begin|beginning|is in|it's in|takes place|take place|happens|"
               "happening|is due|is scheduled for|comienza|comienzan|empieza|empiezan|empiece|empiecen|comience|"
               "comiencen|beginnt|beginnen|anfangt|anfangen|startet|starten|commence|commencent|debute|debutent|"
               "comeca|comecam|comece|comecem|inicia|iniciam")
_add("within", "within|within the next|in the next|the next|next|in less than|less than|in under|under|inside|"
               "en las proximas|en los proximos|dentro de|en menos de|antes de|in den nachsten|innerhalb von|"
               "innerhalb der nachsten|innerhalb|in weniger als|weniger als|binnen|dans les prochaines|"
               "dans les prochains|dans moins de|en moins de|d'ici|nas proximas|nos proximos|em menos de|"
               "dentro das proximas|dentro dos proximos|in")
_add("fromnow", "from now|of now|desde ahora|ab jetzt|von jetzt an|a partir de maintenant|a partir de agora")
_add("unit", "hour|hours|hr|hrs|h|hora|horas|stunde|stunden|heure|heures", 60)
_add("unit", "minute|minutes|min|mins|minuto|minutos|minute|minuten", 1)
_add("unit", "day|days|dia|dias|tag|tage|tagen|jour|jours", 1440)
_add("recur", "recurring|repeating|recurrent|repeat|repeats|repeated|standing|series|serial|regular|routine|"
              "recurrente|recurrentes|periodico|periodicos|wiederkehrend|wiederkehrende|wiederkehrenden|"
              "regelmassig|regelmassige|recurrent|recurrents|recurrente|recurrentes|recorrente|recorrentes|"
              "periodicas|periodicos|serientermin|serientermine|serienterminen|terminserie|terminserien")
_add("recur", "weekly|every week|each week|once a week|semanal|semanales|cada semana|todas las semanas|"
              "wochentlich|wochentliche|wochentlichen|jede woche|hebdomadaire|hebdomadaires|chaque semaine|"
              "toutes les semaines|semanais|toda semana|todas as semanas", "WEEKLY")
_add("recur", "daily|every day|each day|every weekday|diario|diaria|diarios|diarias|cada dia|todos los dias|"
              "taglich|tagliche|taglichen|jeden tag|quotidien|quotidienne|quotidiens|quotidiennes|chaque jour|"
              "tous les jours|diario|diaria|diarios|diarias|todo dia|todos os dias", "DAILY")
_add("recur", "monthly|every month|each month|mensual|mensuales|cada mes|monatlich|monatliche|jeden monat|"
              "mensuel|mensuelle|mensuels|chaque mois|mensal|mensais|todo mes", "MONTHLY")
_add("recur", "yearly|annual|every year|anual|anuales|jahrlich|annuel|annuelle|anuais", "YEARLY")
_add("allday", "all-day|all day|whole-day|todo el dia|de todo el dia|ganztagig|ganztagige|ganztagigen|"
               "toute la journee|journee entiere|dia inteiro|o dia todo")
# --- chat senders, people -------------------------------------------------------------------------------
_add("unsaved", "unknown numbers|unknown number|unsaved numbers|unsaved number|numbers not in my contacts|"
                "number not in my contacts|numbers i haven't saved|numbers i don't know|numeros desconocidos|"
                "numero desconocido|numeros que no tengo guardados|unbekannte nummern|"
                "unbekannten nummern|unbekannte nummer|numeros inconnus|numero inconnu|"
                "numeros desconhecidos|numero desconhecido")
# people, not numbers: in a chat, whether the number is saved; an e-mail's sender is in no address book here
# (read only where the rule is about WhatsApp: see _reader)
_add("unsaved", "people not in my contacts|anyone not in my contacts|strangers|unknown senders|unknown contacts|"
                "unknown people|desconocidos|unbekannte|inconnus|desconhecidos", "people")
_add("saved", "my contacts|saved contacts|mis contactos|contactos guardados|meine kontakte|gespeicherte kontakte|"
              "mes contacts|contacts enregistres|meus contatos|meus contactos|contatos salvos|"
              "people in my contacts|anyone in my contacts|people i know", "people")
_add("role", "recruiter|recruiters|recruiting agencies|recruitment agencies|headhunter|headhunters|"
             "reclutador|reclutadores|headhunters|personalvermittler|recruteur|recruteurs|recrutador|recrutadores",
     "recruiter")
_add("role", "school|schools|the school|my kids' school|my children's school|the kids' school|escuela|colegio|"
             "schule|ecole|escola|nursery|daycare|day care|preschool|kindergarten|kita|creche|guarderia|"
             "escuela infantil|infantario|jardim de infancia|garderie|ecole maternelle|maternelle|kids school|"
             "the kids school|my kids school|childrens school|the childrens school|my childrens school", "school")
_add("msgverb", "emailing|emailing me|emails me|email me|e-mails me|mails me|emails|e-mails|mailt mir|me manda un correo|m'envoie un mail", E)
_add("msgverb", "writes to me|writes me|write to me|write me|sends me|sends|send me|me escribe|me escriben|me envia|"
                "me manda|schreibt mir|schreiben mir|schickt mir|m'ecrit|m'ecrivent|m'envoie|me escreve|me escrevem|"
                "me envia|me manda", EW)
_add("msgverb", "messages me|texts me|message me|text me|whatsapps me|writes to me on whatsapp|"
                "writes to me on WhatsApp|messages|texts|me escribe por whatsapp|me manda un whatsapp|"
                "schreibt mir auf whatsapp|m'ecrit sur whatsapp|me manda mensagem", W)
_add("savedas", "saved as|is saved as|saved in my contacts as|in my contacts as|in my phone as|who is saved as|"
                "guardado como|guardada como|gespeichert als|enregistre comme|enregistree comme|enregistre sous|"
                "enregistree sous|salvo como|salva como")
_add("my", "my|our|mi|mis|mein|meine|meinen|meinem|meiner|mon|ma|mes|meu|minha|meus|minhas")
_add("pron", "he|she|they|him|her|his|hers|them|their|he's|she's|they're|el|ella|ellos|su|sus|er|sie|ihr|ihre|"
             "sein|seine|il|elle|ils|elles|son|sa|ses|leur|leurs|ele|ela|eles|elas|dele|dela|deles|delas")
_add("judge", "non-urgent|not urgent|nicht dringend|no urgente|no urgentes|nao urgente|pas urgent|pas urgents|"
              "unimportant|unwichtig|sin importancia|sem importancia")
_add("judge", "urgent|urgently|important|importantly|critical|asap|time-sensitive|serious|relevant|interesting|"
              "urgente|urgentes|importante|importantes|dringend|dringende|wichtig|wichtige|wichtigen|urgent|"
              "urgente|importants|importante|grave|critique|critico|critica")
# --- time windows (holds) -----------------------------------------------------------------------------
_add("between", "between|from|entre|de|zwischen|von|entre|de")
_add("tillw", "and|to|until|till|-|–|y|a|hasta|und|bis|et|a|jusqu'a|ate|e")
_add("after", "after|past|later than|despues de|despues de las|nach|ab|apres|depois de|depois das")
_add("before", "before|earlier than|antes de|antes de las|vor|avant|antes das")
_add("weekend", "weekend|weekends|the weekend|on weekends|at the weekend|on the weekend|fin de semana|"
                "fines de semana|el fin de semana|wochenende|am wochenende|week-end|week-ends|le week-end|"
                "fim de semana|fins de semana|no fim de semana", ("sat", "sun"))
_add("weekday", "weekday|weekdays|on weekdays|working days|workdays|entre semana|dias laborables|werktags|"
                "wochentags|an wochentagen|en semaine|jours ouvrables|dias uteis|durante a semana",
     ("mon", "tue", "wed", "thu", "fri"))
_add("day", "monday|mondays|lunes|montag|montags|lundi|segunda-feira|segundas-feiras", ("mon",))
_add("day", "tuesday|tuesdays|martes|dienstag|dienstags|mardi|terca-feira|tercas-feiras", ("tue",))
_add("day", "wednesday|wednesdays|miercoles|mittwoch|mittwochs|mercredi|quarta-feira|quartas-feiras", ("wed",))
_add("day", "thursday|thursdays|jueves|donnerstag|donnerstags|jeudi|quinta-feira|quintas-feiras", ("thu",))
_add("day", "friday|fridays|viernes|freitag|freitags|vendredi|sexta-feira|sextas-feiras", ("fri",))
_add("day", "saturday|saturdays|sabado|samstag|samstags|samedi|sabado", ("sat",))
_add("day", "sunday|sundays|domingo|sonntag|sonntags|dimanche|domingo", ("sun",))
_add("cmp", "over|above|more than|greater than|exceeding|higher than|mas de|por encima de|uber|mehr als|"
            "plus de|superieur a|au-dessus de|mais de|acima de", ">")
_add("cmp", "at least|no less than|minimo|al menos|mindestens|au moins|pelo menos|no minimo", ">=")
_add("cmp", "under|below|less than|lower than|menos de|por debajo de|unter|weniger als|moins de|inferieur a|abaixo de",
     "<")

MAX_PHRASE = 0


def candidates(words: list[str], i: int) -> list[Lex]:
    """Every lexicon reading of a phrase starting at words[i], longest first."""
    out: list[Lex] = []
    for n in range(min(MAX_PHRASE, len(words) - i), 0, -1):
        out.extend(LEXICON.get(tuple(words[i : i + n]), ()))
    return out

_add("rest", "nothing above|nothing above matches|nothing above applies|nothing above covers it|none of the above covers it|"
             "none of them|none of the rules|none of these rules|if none match|any other thing|anything other")
# politeness changes nothing a rule says
_add("f", "thanks|thank you|thx|gracias|muchas gracias|merci|merci bien|danke|vielen dank|obrigado|obrigada|"
          "por favor|porfa|plz|s'il te plait|s'il vous plait|svp|stp|bitte")
_add("rest", "none of the above|none of the above applies|none of these|none of those|everything else|anything else|"
             "all the rest|the rest|all other|all others|any other|otherwise|in all other cases|in any other case|"
             "de lo contrario|en caso contrario|caso contrario|senao|autrement|andernfalls|ansonsten|"
             "nothing else|sonst|alles andere|alles ubrige|in allen anderen fallen|todo lo demas|lo demas|el resto|"
             "en cualquier otro caso|en los demas casos|tout le reste|le reste|dans tous les autres cas|sinon|"
             "todo o resto|o resto|em qualquer outro caso|nos demais casos|caso contrario|en otro caso")
_add("f", "but|then|and so|so|too|for|by|via|on|in|at|which are|that are|that is|who are|that were|which were|"
          "a few of them|some of them|few of them|both|"
          "applies|apply|matches|match|holds|aplica|se aplica|gilt|zutrifft|s'applique|se aplica|vale")
_add("recur", "recur|recurs")

# prepositions and articles of the other languages, inflected category and kind nouns
_add("f", "por|para|con|sin|em|pelo|pela|pelos|pelas|dans|sur la|pour|par|avec eux|aux|au|du|zum|zur|beim|vom|"
          "nas|nos|num|numa|ao|aos|à|às|ce qui|ce que|tout ce qui|tout ce que|lo que|todo lo que|o que|tudo o que|"
          "alles was|alles, was|was|die|den|dem")
_add("cat", "newslettern|rundschreiben|werbemails|rabattaktionen|sonderangebote|angeboten|boletines informativos|"
            "newsletters informativos", "newsletter")
_add("cat", "werbe-e-mails|werbenachrichten|werbemail|promotionen|aktionen", "marketing")
_add("cat", "bestellbestatigung|bestellbestatigungen|versandbenachrichtigung|versandbenachrichtigungen|"
            "lieferbenachrichtigungen|rechnungsbelege|kassenbons|recibos de compra|confirmacion de pedido|"
            "confirmaciones de pedidos|avisos de entrega|confirmacoes de pedido|avisos de entrega", "transactional")
_add("cat", "sozialen netzwerken|sozialen netzwerke|sozialen medien|redes sociales|reseaux sociaux|redes sociais",
     "social")
_add("kind", "kalendertermin|kalendertermine|kalenderterminen|kalendereintragen|terminen|besprechungen|"
             "evenements du calendrier|eventos del calendario|eventos do calendario|eventos de calendario", C)
_add("kind", "mails|e-mails|emails|correos|courriels|e-mails", E)
_add("group", "direct|private|direkte|direkten|direkt|privaten|privado|privados|directo|directos|directs|directes|"
              "privee|privees|prive|prives|direta|diretas|privada|privadas", False)
_add("mention", "erwahnt werde|erwahnt werden|markiert werde|markiert werden|mit @ erwahnt werde|mit @ erwahnt|"
                "mit @ markiert", None)
_add("about", "zum|zur|zum thema")
_add("any", "ganz|komplett|vollig|alle|todo|toda|todos|todas|tous|toutes")
_add("any", "alguma|algum|algumas|alguns|alguna|alguno|algun|algunas|algunos|irgendein|irgendeine|irgendeinen|"
            "irgendeinem|quelque|quelques")  # "o horário de alguma reunião": any meeting

from tic.rules import _lexicon_de, _lexicon_en, _lexicon_es, _lexicon_fr, _lexicon_pt  # noqa: E402

for _lang in (_lexicon_en, _lexicon_es, _lexicon_pt, _lexicon_de, _lexicon_fr):
    _lang.register(_add)
MAX_PHRASE = max(len(k) for k in LEXICON)
# --- words from rules written fresh by people who never saw this reader (a probe in five languages) ------------
_add("f", "basically|obviously|of course|honestly|pra|pro|bitte auch|tambien|tambem|aussi")
_add("allday", "de dia completo|dia completo|eventos de dia completo|de dia inteiro|sur toute la journee|"
               "toute la journee|d'une journee entiere|ganztags|ganztagige termine")
_add("created", "agregaron|se agregaron|se agrego|anadieron|la anadieron|lo anadieron|los anadieron|las anadieron|"
                "foram marcadas|foram marcados|foi marcada|foi marcado|"
                "neu eingetragen|neu eingetragen wurden|eingetragen wurden|wurden eingetragen|angelegt wurden|"
                "mis dans mon agenda|ajoute a mon agenda")
_add("within", "dentro de las proximas|dentro de los proximos|en las proximas|en los proximos|nas proximas|"
               "nos proximos|dans les prochaines|dans les prochains|in den nachsten|within the next|in the next|"
               "dentro de la proxima|en la proxima|en el proximo|na proxima|no proximo|dans la prochaine|"
               "dans le prochain|in der nachsten|im nachsten")
_add("concfull", "peu importe qui l'envoie|peu importe qui les envoie|peu importe l'envoyeur|"
                 "venha de quem vier|venham de quem vierem|seja de quem for|nao importa de quem")
_add("weekend", "am ganzen wochenende|das ganze wochenende|ganzes wochenende|todo el fin de semana|"
                "o fim de semana todo|tout le week-end", ("sat", "sun"))
_add("f", "sofort|umgehend|gleich|de inmediato|inmediatamente|enseguida|imediatamente|na hora|immediatement|"
          "auch nachts|selbst nachts|aunque sea de noche|mesmo de madrugada|mesmo a noite|mesmo de noite|"
          "meme la nuit")
# "la nuit (de 22 h à 7 h)": the night, named beside the hours that say what it is (see _phrases)
_add("night", "during the night|in the night|at night|overnight|la nuit|de nuit|la noche|por la noche|de noche|nachts|in der nacht|a noite|"
              "de noite|a madrugada|de madrugada|la madrugada|le soir|du soir|en soiree|in the evening|in the evenings|"
              "evenings|abends|am abend")
# 'the words "urgent" or "asap"': a label before what is quoted (valid only right before a quote: see _scan)
_add("f", "the words|the word|words|word|the phrase|la palabra|las palabras|palabra|palabras|le mot|les mots|mot|"
          "mots|das wort|die worter|wort|worter|a palavra|as palavras|palavra|palavras|la frase|le terme|les termes")
# "si no encaja en nada de lo anterior": what a catch-all's condition says of the rules above
_add("rest", "nada de lo anterior|nada de lo de arriba|ninguna de las anteriores|rien de tout ca|rien de ce qui precede|"
             "nada disso|nada do que esta acima|nichts von alledem|nichts von oben|none of that|none of this")
_add("f", "encaje|encajen|aplique|apliquen|encaja|encajan|cuadra|cuadran|se aplica|se aplican|corresponde|correspondem|se encaixa|passt|passen")
_add("cat", "donotreply|do-not-reply|no reply senders|noreply senders|no-reply senders|ne-pas-repondre|"
            "nao-responda|nicht-antworten", "automated")
_add("with", "w /|w/")
_add("f", "per|via")  # "auch per WhatsApp": by way of
_add("except", "but")  # "Everything but Ana" (valid only after "everything", "anything", "all": _scan)
_add("f", "no|nº|n°|nr|nro", None)  # "claim no. CLM-448120": the label of a number (valid only before one: _scan)  # "any email w/ claim no. CLM-448120"
_add("subjv", "que lleve en el asunto|lleve en el asunto|lleven en el asunto|que tenga en el asunto|"
              "que contenga en el asunto|tenga en el asunto")
_add("cancelled", "cancelan|me cancelan|cancela|cancelam|me cancelam|annulent|sagt ab|absagt|absagen")
_add("kind", "compromisso|compromissos|rdv|rdvs", C)
_add("v+", "wanna know|i wanna know|want to know|quiero saberlo|quiero saber|je veux savoir|je veux le savoir|"
           "quero saber|will ich wissen|mochte ich wissen")
_add("mention", "jemand erwahnt mich|erwahnt mich|mich mit @ erwahnt|erwahnt mich mit @|jemand mich erwahnt|"
                "mich jemand mit @|markiert mich|jemand markiert mich")
_add("rest", "was oben nicht steht|alles was oben nicht steht|was nicht oben steht|the rules above|"
             "las reglas de arriba|as regras acima|les regles ci-dessus|den regeln oben|anything not covered above|"
             "not covered above|anything not above")
# "seulement celles organisées par X": of those, only these (as "… : only …")
_add("onlythose", "only those|only the ones|only ones|seulement celles|seulement ceux|uniquement celles|"
                  "uniquement ceux|solo las|solo los|solo aquellas|solo aquellos|so as|so os|apenas as|apenas os|"
                  "nur die|nur diejenigen")
# said to the assistant, in the imperative
_add("v+", "avertis-moi|avertissez-moi|avertir|m'avertir|previens-moi|prevenez-moi|me prevenir|avise-me|avisa-me|"
           "avisame|avisenme|avisen|sag mir bescheid|sagt mir bescheid|gib mir bescheid|melde dich")
_add("v+", "jodan|jodas|me jodan|me jodas")
_add("v+", "derangez|derange|deranger|me derangez|me derange|me deranger|stort|storen|mich storen|incomode|incomodem|"
           "me incomode|me incomodem|incomodar")  # "ne me dérangez pas", "stört mich nicht": do not notify  # "no me jodan": do not bother me
_add("mention", "me @mentionne|@mentionne|m'@mentionne|me @mentionnent|me arroben|me arroba|me arroban|arroben|"
                "me taggue|me tague|me taguent|me taggent|me tagge|me tagea|me taguean|me tagueen")
_add("about", "habla de|hablan de|hable de|habla del|hablan del|trata de|tratan de|trata del|fala de|falam de|"
              "fala do|fala da|spricht von|sprechen von|geht es um|es geht um")
_add("created", "me agregan|agregan|agregaron|me agendan|agendan|foi criado|foi criada|foram criados|foram criadas|"
                "foi adicionado|foi adicionada|foi marcado|foi marcada|wurde eingetragen|wurden eingetragen")
_add("mention", "me @mencionan|me @mencionen|@mencionan|@mencionen|me @menciona|mich wer mit @ erwahnt|"
                "wer mit @ erwahnt|mich wer erwahnt|wenn mich wer erwahnt|me @marcam|me @marquem")
_add("rest", "was oben nicht vorkommt|was nicht oben vorkommt|was oben nicht steht")
_add("f", "brauch ich|brauche ich")
# "Von 22:00 bis 6:30 will ich schlafen": asleep then - nothing should reach me
_add("v-", "will ich schlafen|schlafe ich|schlafen|i sleep|i'm asleep|i am asleep|i'm sleeping|i am sleeping|je dors|"
           "duermo|estoy durmiendo|durmo|estou dormindo|estou a dormir|i'm in bed|i am in bed")
_add("kind", "1:1|1:1s|one-on-one|one-on-ones|1-on-1|1-on-1s", C)
_add("about", "qui contient|contient|contiennent|que contenga|contenga|contengan|que contenha|contenha|contenham|"
              "that contains|that contain|containing")
_add("changed", "moved to a different time|moved to another time|gets moved to a different time|"
                "cambien la hora|les cambien la hora|cambian la hora|cambie la hora|cambie de hora|cambien de hora|"
                "mudar o horario|mudarem o horario|mude o horario|muda o horario|mudou o horario|mudem o horario")
_add("changed", "updates to|update to|changes to|change to|changes in|changes of|cambios en|cambios de|"
                "cambios a|änderungen an|änderungen bei|änderungen von|modifications de|modifications des|"
                "modifications du|modifications d'|changements de|changements des|changements d'|mudanças em|"
                "mudanças de|mudancas em|mudancas de|alterações em|alterações de|alteracoes em|alteracoes de|"
                "alterações nos|alterações nas|alteracoes nos|alteracoes nas")  # "updates to the standup"
_add("created", "se han creado|se ha creado|han creado|creado|creada|creados|creadas")
_add("f", "in the subject or the body|in the subject or body|subject or body|en el asunto o el cuerpo|"
          "no assunto ou no corpo|dans l'objet ou le corps|im betreff oder text|im betreff oder im text")
_add("cat", "sales|discount codes|discount code|coupons|coupon codes|deals|rebajas|descuentos|soldes|rabatte|"
            "rabattcodes|cupons|cupones", "marketing")
# "ist stummgeschaltet", "darf nicht untergehen": hidden, lost
_add("v-", "stummgeschaltet|stumm geschaltet|ist stumm|stumm|untergehen|darf untergehen|verloren gehen|"
           "verpasst werden|get lost|slip through the cracks")
# "mode avion", "silence complet": the user's phone is to be quiet - a verb that hides, as "mute"
_add("v-", "mode avion|en mode avion|modo avion|modo aviao|flugmodus|airplane mode|do not disturb|dnd|no molestar|"
           "ne pas deranger|nicht storen|silence complet|silencio total|silencio absoluto|silencio completo|"
           "total silence|complete silence|absolute silence|funkstille")
_add("v+", "molestes|me molestes|molesten|me molesten|molestar|molestarme|durchstellen|stellt durch|"
           "precisam de aviso|precisa de aviso|precisam de alerta|precisa de alerta|precisam de notificacao")
_add("v-", "brauchen keine erinnerung|brauchen keine benachrichtigung|brauche keine erinnerung|"
           "brauche keine benachrichtigung|n'ont pas besoin de notification|pas besoin de notification")
_add("kind", "juntas|junta", C)
_add("kind", "whatsapp-chats|whatsapp-chat|whatsapp-gruppe|whatsapp-gruppen", W)
_add("about", "qui parle de|qui parle du|qui parle d'|parle de|parle du|parle d'|qui parlent de|qui parlent du|"
              "parlent de|parlant de|qui concerne|qui concernent|concernant")
_add("emph", "je les ai deja|je l'ai deja|je les connais deja")
_add("always", "tjs")  # "tjrs" is chat shorthand for "toujours" (_scan)
_add("keep", "hold|hold it|hold them|hold back|hold it back|hold them back|hold on to it|zuruckhalten|zurueckhalten|"
             "halte sie zuruck|halt sie zuruck|aufheben|aufbewahren|gardez|gardez-les|gardez-le|attendra|attendront|"
             "peut attendre|peuvent attendre|espere|que espere|esperen|que esperen|puede esperar|pueden esperar|"
             "segura|segure|pode esperar|podem esperar|que espere|guarde|guarda")
_add("neg", "mittagsruhe|heures calmes|heures de calme|horas de silencio|horario de silencio")
_add("day", "sabados|samedis", ("sat",))
_add("day", "domingos|dimanches", ("sun",))
_add("day", "lundis", ("mon",))
_add("weekday", "mo-fr|mo–fr|mo bis fr|montag bis freitag|von montag bis freitag|mon-fri|mon–fri|monday to friday|"
                "monday-friday|monday through friday|mon to fri|lun-ven|lun–ven|du lundi au vendredi|"
                "lundi au vendredi|de lunes a viernes|lunes a viernes|de segunda a sexta|segunda a sexta|seg a sex|"
                "seg-sex", ("mon", "tue", "wed", "thu", "fri"))
_add("neg", "nein|nope")
_add("neg", "con nada|com nada|with anything|avec rien|mit nichts")  # "no me molestes con nada": nothing, not a keyword
_add("cat", "envoyes par des robots|mails envoyes par des robots|sent by robots|sent by bots|robots|bots", "automated")
_add("within", "dans moins d'|en moins d'|moins d'|in less than an|in under an")
_add("weekday", "mo - fr|mo – fr|mon - fri|mon – fri|lun - ven|lun – ven|seg - sex|seg – sex",
     ("mon", "tue", "wed", "thu", "fri"))
_add("kind", "whats|zap|zapzap|wpp|zapp", W)
# "only" with what the message is about ("…, but only about X"): an "only if" on the topic
_add("onlyabout", "only about|only if it's about|only if it is about|only when it's about|only for|"
                  "solo si es por|solo si es sobre|solo si trata de|solo por|solo sobre|solo si hablan de|"
                  "so se for sobre|so se falarem de|so se for de|so sobre|apenas sobre|so quando for sobre|"
                  "nur wenn es um|nur wegen|"
                  "seulement pour|seulement si c'est pour|seulement s'il s'agit de|uniquement pour|"
                  "uniquement si c'est pour|seulement quand il s'agit de|seulement si ca parle de|"
                  "uniquement si ca parle de")
_add("kind", "msg|msgs|mensajito|mensajitos", EW)
_add("kind", "wpp|wsp|wapp|whats|zap|zapzap|wa", W)
_add("kind", "mtg|mtgs|cal|cal events|cal invites", C)  # calendar, as people shorten it  # WhatsApp, as people shorten it
_add("kind", "clase|clases|aula|aulas|cours|vorlesung|vorlesungen|lecture|lectures|lesson|lessons|seminario|"
             "seminarios|seminar|seminars", C)  # a class, a lecture: a calendar item
_add("f", "mais|pero|aber|porem")
_add("except", "ausnahme|ausnahmen|exception|exceptions|excepcion|excepciones|excecao|excecoes")
_add("cancelled", "cancelled|canceled|called off|that get cancelled|that gets cancelled|get cancelled|gets cancelled|"
                  "is cancelled|are cancelled|was cancelled|were cancelled|cancelado|cancelada|cancelados|canceladas|"
                  "se cancela|se cancelan|suspendido|suspendida|annule|annulee|annules|annulees|est annule|sont annules|"
                  "abgesagt|abgesagte|abgesagten|wurde abgesagt|wurden abgesagt|storniert|gestrichen|"
                  "foi cancelado|foi cancelada|for cancelado|for cancelada|forem canceladas|forem cancelados")
_add("cancelled", "cancellation|cancellations|cancelation|cancelations|annulation|annulations|cancelacion|"
                  "cancelaciones|cancelamento|cancelamentos|absage|absagen|wird abgesagt|werden abgesagt|"
                  "gets canceled|get canceled|is canceled|was canceled")
# a calendar item moved or edited after it was added (only said of calendar items: see _phrases)
_add("changed", "changed after it was added|moved|rescheduled|re-scheduled|gets moved|get moved|got moved|is moved|"
                "are moved|was moved|were moved|gets rescheduled|get rescheduled|got rescheduled|is rescheduled|"
                "was rescheduled|postponed|gets postponed|is postponed|pushed back|changes time|change time|"
                "time changes|its time changes|the time changes|changes its time|time change|time changes|"
                "reprogramado|reprogramada|reprogramados|reprogramadas|se reprograma|se reprograman|movido|movida|"
                "cambia de hora|cambian de hora|cambia de dia|cambian de dia|cambio de hora|cambios de hora|"
                "aplazado|aplazada|pospuesto|pospuesta|remarcado|remarcada|remarcados|remarcadas|reagendado|"
                "reagendada|adiado|adiada|mude de horario|mudar de horario|muda de horario|mudou de horario|"
                "mudanca de horario|deplace|deplacee|deplaces|deplacees|est deplace|reporte|reportee|decale|decalee|"
                "change d'horaire|changent d'horaire|changement d'horaire|changements d'horaire|verschoben|"
                "wird verschoben|werden verschoben|verlegt|wird verlegt|werden verlegt|terminanderung|terminanderungen")
_add("notice", "notifs|notif")
_add("emph", "are already in my head|is already in my head|already in my head|i already know them|"
             "i know them already|i already know|ya me los se|ya los conozco|ja os conheco|kenne ich schon|"
             "die kenne ich schon|je les connais deja")
_add("mention", "someone @ s me|@ s me|@s me|someone @s me|someone @ me|@ me", None)
_add("keep", "can wait|can wait till|the rest can wait|wait|waits|wait till|wait until|puede esperar|kann warten|"
             "peut attendre|pode esperar")
_add("unit", "media hora|meia hora|half an hour|half hour|demi-heure|une demi-heure|halbe stunde|eine halbe stunde|"
             "einer halben stunde", 30)
_add("f", "em geral|en general|in general|generally|im allgemeinen|en gros|en general")
_add("concfull", "a qualquer hora|a cualquier hora|at any time|any time of day|at any hour|a toute heure|"
                 "n'importe quand|a n'importe quelle heure|n'importe quelle heure|a n'importe quel moment|"
                 "n'importe quel moment|a toute heure du jour ou de la nuit|de jour comme de nuit|"
                 "any time of day or night|day or night|de dia o de noche|dia e noite|de dia ou de noite|"
                 "tag und nacht|zu jeder tages- und nachtzeit|zu jeder tageszeit|zu jeder uhrzeit|"
                 "at any hour of the day|a qualquer hora do dia|zu jeder zeit|jederzeit|mesmo de madrugada|meme hors horaires|"
                 "meme en dehors des horaires|even outside hours|even out of hours|auch ausserhalb der arbeitszeit")
_add("rest", "der rest|den rest|dem rest|wenn nichts davon zutrifft|nichts davon|keine davon|keine der regeln")
_add("rest", "nada de lo de arriba|nada de lo anterior|nada acima|nada do que esta acima|nada disso acima")
# any time, any way: widens nothing the rule names ("on any channel, no matter what time it is")
_add("concfull", "no matter what time it is|no matter what time|no matter the time|whatever the time|any channel|"
                 "on any channel|any way|no matter the channel|peu importe le canal|peu importe l'heure|"
                 "quelle que soit l'heure|sin importar la hora|no importa la hora|a la hora que sea|"
                 "nao importa a hora|seja a hora que for|egal wie spat|egal zu welcher uhrzeit|egal wann|"
                 "even in the middle of the night|in the middle of the night|day or night|jour et nuit|"
                 "de dia o de noche|dia e noite|tag und nacht|rund um die uhr|24/7|around the clock|"
                 "por cualquier canal|em qualquer canal|auf jedem kanal|egal uber welchen kanal")
_add("unsaved", "unkown numbers|unknow numbers|unkown number|unknwon numbers")
_add("within", "falten menos de|falte menos de|faltan menos de|faltarem menos de|faltar menos de|il reste moins de|"
               "when less than|with less than")
_add("about", "falarem de|falarem do|falarem da|se falarem de|que falem de|falem de|falar de|hablen de|si hablan de")
_add("mention", "@erwahnt werde|@erwahnt werden|@erwahnt|@markiert werde|@markiert")
# "only with an @-mention" said as a noun ("Gruppen nur bei @-Erwähnung"): an "only if I am mentioned"
_add("onlymention", "nur bei @ - erwahnung|nur bei @-erwahnung|nur bei erwahnung|nur mit @ - erwahnung|"
                    "only with an @ - mention|only with a mention|only on @ - mention|solo con mencion|"
                    "seulement avec mention|so com mencao")
# the day a calendar item starts on: later today, or tomorrow (T9: the user's local dates)
_add("onday", "tomorrow|for tomorrow|manana|para manana|amanha|para amanha|pra amanha|morgen|fur morgen|demain|"
              "pour demain|tomorrow's|tomorrows|on tomorrow's|on tomorrows|de demain|de manana|de amanha|von morgen",
     "tomorrow")
_add("onday", "later today|tonight|this evening|hoy mismo|esta noche|heute noch|heute abend|ce soir|"
              "plus tard aujourd'hui|ainda hoje|hoje a noite|hoje mesmo|"
              # "ajouté au calendrier pour aujourd'hui": an item for today, not one added today
              "pour aujourd'hui|para hoy|para hoje|pra hoje|for today|fur heute|for later today|starting today|"
              "starts today|start today|that start today|that starts today|empiecen hoy|empieza hoy|empiezan hoy|"
              "comienzan hoy|comienza hoy|comece hoje|comecem hoje|comeca hoje|comecam hoje|commence aujourd'hui|"
              "commencent aujourd'hui|heute beginnen|heute beginnt|heute anfangen|heute anfangt", "today")
_add("orbefore", "or earlier|or sooner|o antes|ou antes|oder fruher|ou avant|ou plus tot")
_add("noon", "noon|midday|midi|mediodia|el mediodia|meio-dia|mittag|12 uhr mittags")
_add("starts", "stattfinden|stattfindet|findet statt|finden statt|stattfinden werden")
_add("unless", "a nao ser|a menos|salvo se|salvo que|excepto si|excepto que|sauf si c'est|ausser wenn es")
_add("f", "al momento|en el momento|al instante|de una|na hora|tout de suite|sur le champ|auf der stelle|right now")
_add("concfull", "venga de quien venga|vengan de quien vengan|sea de quien sea|lo mande quien lo mande|egal von wem es kommt")
_add("neg", "nem pensar|ni hablar|no way|auf keinen fall|hors de question|de jeito nenhum")
_add("because", "because|'cause|cause i|cos i|weil|denn|porque|pois|parce que|parce qu'|puisque|ya que|ja que|vu que")
_add("anyway", "anyway|anyways|anyhow|de toute facon|de toutes facons|sowieso|ohnehin|de todas formas|"
               "de todos modos|de qualquer forma|de qualquer jeito|in any case")
_add("any", "each|cada|chaque|jedem|jeden|jede|jeder|cada uma|cada um")

# papers that carry an amount ("Invoices or payment requests over ₱100,000"): at the start of a rule, capitalised,
# still a thing to look for, never a sender's name
AMOUNT_NOUNS = frozenset(fold(w) for w in (
    "invoice invoices bill bills payment payments transfer transfers charge charges receipt receipts order orders "
    "quote quotes estimate estimates refund refunds factura facturas pago pagos cobro cobros transferencia "
    "transferencias pedido pedidos presupuesto presupuestos fatura faturas pagamento pagamentos cobranca cobrancas "
    "boleto boletos rechnung rechnungen zahlung zahlungen uberweisung uberweisungen bestellung bestellungen "
    "angebot angebote facture factures paiement paiements virement virements commande commandes devis mahnung mahnungen "
    "relance relances recibo recibos duplicata duplicatas").split())
_add("conc", "that includes|this includes|that goes for|that includes even|eso incluye|esto incluye|das gilt auch fur|"
             "ca inclut|cela inclut|isso inclui|including|including the ones|including those|incluidos|incluidas|incluyendo|y compris|inclus|"
             "einschliesslich|inklusive|incluindo|inclusive")
_add("cmp", "the amount exceeds|amount exceeds|exceeds|is over|le montant depasse|montant depasse|depasse|depassent|"
           "el importe supera|el importe es mayor a|supera|superan|o valor passar de|o valor for maior que|passar de|"
           "der betrag ubersteigt|betrag ubersteigt|ubersteigt|ubersteigen", ">")
_add("cmp", "con importe superior a|con un importe superior a|con importe mayor a|con un importe de mas de|"
           "importe superior a|superior a|mayor a|mayor que|de mas de|com valor acima de|com valor superior a|"
           "no valor de mais de|superior a|d'un montant superieur a|d'un montant de plus de|montant superieur a|"
           "mit einem betrag uber|mit einem betrag von uber|mit einem betrag von mehr als|im wert von uber|"
           "im wert von mehr als|von uber|worth more than|worth over|for more than|for over|of more than", ">")
_add("ormore", "or more|or above|and above|and up|or higher|o mas|o superior|y mas|ou mais|ou superior|e acima|"
               "ou plus|et plus|oder mehr|und mehr|oder hoher|und hoher")
_add("orless", "or less|or under|or below|o menos|ou menos|ou moins|oder weniger")
# "only if the amount is 500 € or more": the amount, said as what it is
_add("f", "the amount is|amount is|the total is|el importe es|el monto es|o valor e|o valor for|le montant est|"
          "der betrag ist|der betrag|the amount|el importe|le montant|o valor")
_add("f", "ausdrucklich|explicitly|expressly|explicitement|explicitamente")
_add("night", "every night|each night|nightly|todas las noches|cada noche|toutes les nuits|chaque nuit|jede nacht|"
              "todas as noites|toda noite|cada noite")
# surveys and feedback requests are sent to sell or to rate a sale: marketing
_add("cat", "surveys|survey|feedback surveys|satisfaction surveys|sondages|sondage|encuestas|encuesta|pesquisas|pesquisa|"
            "umfragen|umfrage|kundenumfragen|enquetes de satisfaction|encuestas de satisfaccion|pesquisas de satisfacao",
     "marketing")
# a number whose owner is not saved, said with a negated "saved" (the class is the chat's, see _reader)
_add("unsaved", "numbers i don't have saved|numbers i do not have saved|numbers i have not saved|numbers that aren't saved|"
                "numbers that are not saved|numbers not saved|numbers that aren't in my contacts|"
                "numbers that are not in my contacts|numeros no guardados|numeros que no tengo|numeros sin guardar|"
                "numeros nao salvos|numeros que nao tenho salvos|numeros que eu nao tenho salvos|numeros nao gravados|"
                "numeros non enregistres|numeros que je n'ai pas enregistres|numeros pas enregistres|"
                "numeros qui ne sont pas dans mes contacts")
# a verb that only says the message arrives ("e-mails que chegarem depois das 19h", "mails that come in after 7pm")
_add("f", "that arrive|that arrives|arriving|that come in|that comes in|coming in|que lleguen|que llegan|que llegue|"
          "que chegarem|que chegam|que chegue|qui arrivent|qui arrive|die ankommen|die eingehen|die reinkommen")
# texting shorthand, politeness and colloquial words that change nothing a rule says
_add("f", "kindly|please kindly|echt|wirklich|ehrlich gesagt|llega|llegan|me llega|me llegan|si llega|si llegan|"
          "irgendeiner|irgendeine|irgendeinem|irgendeinen|en el chat que sea|no chat que for")
_add("neg", "nix|nischt")  # "Sa + So nix vor 10 Uhr": nothing
_add("about", "hable del|hablen del|se hable de|se hable del|que hable de|que hablen de")
_add("after", "a partir de|a partir d'|a partir das|a partir de las|ab dem|ab der")
_add("v+", "aviseme|avíseme|notifiqueme|informeme|avisenme|me avise usted")
_add("neg", "nao preciso de|nao preciso dos|nao preciso das|nao preciso do|nao preciso da|nao preciso")
_add("before", "before the start of|before the beginning of|avant le debut de|avant le debut d'|antes del inicio de|"
               "antes del comienzo de|antes do inicio de|antes do comeco de|vor beginn|vor dem beginn|vor beginn von")
_add("if", "s'ils|s'il|s'elles")  # "seulement s'ils contiennent le mot « livraison »"
_add("unsaved", "numbers that aren't saved in my phone|numbers not saved in my phone|numbers that are not saved in my phone|"
                "numeros que nao estao na minha agenda|numeros que nao estao nos meus contatos|"
                "numeros que no estan en mi agenda|numeros que no estan en mis contactos|"
                "numeros qui ne sont pas dans mon repertoire|nummern , die nicht in meinem telefonbuch sind|"
                "nummern die nicht in meinem telefonbuch sind")
# "…, auch abends", "even at night": the rule holds then too - it narrows nothing
_add("concfull", "auch abends|auch nachts|auch am wochenende|even at night|even in the evening|even on weekends|"
                 "even at weekends|meme le soir|meme la nuit|meme le week-end|incluso de noche|incluso por la noche|"
                 "incluso los fines de semana|tambem a noite|mesmo a noite|mesmo de noite|mesmo no fim de semana")
_add("neg", "night hold|overnight hold|weekend hold|evening hold|modo noche|modo nocturno")  # a hold's label
_add("cat", "campaigns|promotional campaigns|marketing campaigns|campanhas|campanhas promocionais|campanas|"
            "campanas promocionales|campagnes|campagnes promotionnelles|kampagnen|werbekampagnen", "marketing")
_add("subjv", "whose subject contains|whose subject line contains|whose subject has|whose subject includes")
_add("cat", "offres promotionnelles|offre promotionnelle|promotionnelles|promotionnel|cupom|cupon|coupon|coupons|"
            "gutschein|gutscheine|codes promo|code promo", "marketing")
_add("f", "igualmente|de todas formas|de todos modos|anyway|anyways|trotzdem|mesmo assim|de qualquer forma")  # "avísame
# igualmente": tell me anyway - said of the rule's own events, it narrows nothing
