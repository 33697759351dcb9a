"""Portuguese (European and Brazilian) rule sentences and what they mean (issue 7, item 8)."""

from __future__ import annotations

from tests.rules.bank._probe import (
    cc_only, in_my_thread, Person, LOCAL_TODAY_ONLY, Bank, H, N, P, S, autoreply, chat, daily, days, digest, email, event, hours, list_post,
    minutes, monthly, newsletter, other_chat, other_email, other_event, promo, receipt, social, weekly,
)

b = Bank("pt")

joana = email("Joana Figueiredo", "joana.figueiredo@sapo.pt", "Jantar sábado?", "Diz qualquer coisa.")
joana_wa = chat("Joana Figueiredo", "+351 913 000 111", "Já cheguei")
pastelaria = chat("Pastelaria Joana", "+351 222 000 333", "A sua encomenda está pronta")
rui = email("Rui Mascarenhas", "rui@mascarenhas-arq.pt", "Projeto", "Envio a versão final.")
rui_wa = chat("Rui Mascarenhas", "+351 914 555 666", "Podes ligar?")
vasco = email("Vasco Pimentel", "vasco@pimentel.example", "Seguros", "Tenho uma proposta para si.")

# --- remetentes por nome ---------------------------------------------------------------------------------
b("T7", "sender", "always", "Joana Figueiredo", True,
  P(joana, N), P(joana_wa, N), P(pastelaria, None, "uma pastelaria chamada Joana"),
  P(email("Joana Figueira", "jfigueira@example.pt", "Olá", "olá"), None, "apelido parecido"))
b("T7", "sender", "always", "E-mails do Rui Mascarenhas", True,
  P(rui, N), P(rui_wa, None, "WhatsApp não é e-mail"),
  P(email("Rui Marques", "rui.marques@example.pt", "Projeto", "x"), None))
b("T7", "sender", "custom", "Avisa-me sempre que a Joana Figueiredo me escrever", True,
  P(joana, N), P(joana_wa, N), P(pastelaria, None), P(other_email(), None))
b("T7", "polarity", "custom", "Não quero perder nenhuma mensagem do Rui Mascarenhas", True,
  P(rui, N, "não quero perder = avisar"), P(rui_wa, N), P(other_chat(), None))
b("T7", "polarity", "custom", "Nunca deixes de me avisar quando o Rui Mascarenhas escrever", False,
  P(rui, N, "dupla negação = avisar"), P(rui_wa, N), P(other_email(), None))
b("T7", "polarity", "custom", "Não ignores os e-mails da Joana Figueiredo", True,
  P(joana, N, "não ignores = avisar"), P(joana_wa, None))
b("T7", "sender", "never", "E-mails do Vasco Pimentel", True, P(vasco, S), P(rui, None))
b("T7", "polarity", "custom", "Não precisas de me avisar das mensagens do Vasco Pimentel", False,
  P(vasco, S), P(chat("Vasco Pimentel", "+351 915 000 999", "Olá"), S), P(rui, None))
b("T7", "sender", "custom", "Me avisa sempre que a Joana Figueiredo mandar e-mail", False,
  P(joana, N), P(joana_wa, None, "só e-mail"))

# --- organizações e domínios -----------------------------------------------------------------------------
tavares = email("Nuno Lopes | Metalúrgica Tavares", "nuno.lopes@metalurgicatavares.pt", "Encomenda 231", "Segue.")
b("T7", "org", "always", "Qualquer pessoa da Metalúrgica Tavares", True,
  P(tavares, N), P(email("Tavares Seguros", "geral@tavaresseguros.example", "Apólice", "x"), None, "outra empresa"))
sabor = email("Inês Cardoso", "ines.cardoso@agricolasabor.pt", "Colheita", "Datas da colheita.")
b("T7", "exception", "always", "Todos os e-mails da Agrícola Sabor, exceto as newsletters", True,
  P(sabor, N), P(newsletter("Agrícola Sabor", "agricolasabor.pt"), S, "a exceção"),
  P(newsletter("Jornal da Terra", "jornaldaterra.example"), None))
b("T7", "exception", "custom", "Avisa-me dos e-mails da Livraria Pessoa, mas não das promoções", True,
  P(email("Marta Reis", "marta@livrariapessoa.pt", "Encomenda especial", "Chegou o livro."), N),
  P(promo("Livraria Pessoa", "livrariapessoa.pt"), S), P(promo("Zapatos Lola", "zapatoslola.es"), None))
b("T7", "domain", "always", "Quem escreve de @hospitalluz.pt", True,
  P(email("Consulta Externa", "consultas@hospitalluz.pt", "Marcação", "x"), N),
  P(email("Consulta Externa", "consultas@hospitalluz.com", "Marcação", "x"), None, "outro domínio"))
b("T7", "domain", "never", "Tudo o que vier do domínio promocoes.pt", True,
  P(email("Promoções", "ola@promocoes.pt", "Descontos", "x"), S),
  P(email("Promoções", "ola@promocoes.com", "Descontos", "x"), None))
b("T7", "domain", "custom", "E-mails cujo endereço termina em ulisboa.pt: avisa-me", True,
  P(email("Secretaria", "secretaria@ulisboa.pt", "Inscrição", "x"), N),
  P(email("Secretaria", "secretaria@ulisboa.com", "Inscrição", "x"), None))
b("T7", "address", "always", "faturas@aguasdoporto.pt", True,
  P(email("Águas do Porto", "faturas@aguasdoporto.pt", "Fatura", "x"), N),
  P(email("Águas do Porto", "avisos@aguasdoporto.pt", "Corte de água", "x"), None))

# --- telefones, contactos, números desconhecidos ---------------------------------------------------------
b("T7", "phone", "always", "Mensagens de WhatsApp do +351 912 345 678", True,
  P(chat("", "+351912345678", "Sou o canalizador"), N), P(chat("", "+351912345679", "olá"), None))
b("T7", "phone", "custom", "Avisa-me quando o +55 11 98765-4321 mandar mensagem", True,
  P(chat("", "+5511987654321", "Oi, tudo bem?"), N), P(chat("", "+5511987654322", "oi"), None))
b("T7", "contact", "always", 'A minha avó no WhatsApp (guardada como "Avó")', True,
  P(chat("Avó", "+351 917 000 000", "Vens almoçar?"), N),
  P(chat("Avó do Tiago", "+351 917 111 111", "Buscas tu os miúdos?"), None, "outra pessoa"),
  P(email("Avó", "avo@example.pt", "Fotos", "x"), None, "só WhatsApp"))
b("T7", "unsaved", "never", "Mensagens de números que não estão nos meus contactos", True,
  P(chat("", "+351930000111", "Ganhou um prémio"), S), P(joana_wa, None), P(joana, None))
b("T7", "exception", "custom", "Números desconhecidos: não me avises, a não ser que falem da minha encomenda", False,
  P(chat("", "+351930000222", "A sua encomenda chega hoje"), N), P(chat("", "+351930000223", "Olá"), S),
  P(joana_wa, None))

# --- tipos de e-mail -------------------------------------------------------------------------------------
b("T7", "newsletter", "never", "Boletins informativos e newsletters", True,
  P(newsletter("Jornal da Terra", "jornaldaterra.example"), S), P(other_email(), None))
b("T7", "marketing", "never", "Publicidade e promoções", True,
  P(promo("Livraria Pessoa", "livrariapessoa.pt"), S), P(other_email(), None))
b("T7", "digest", "never", "Relatórios automáticos e resumos semanais", True,
  P(digest("Moloni", "moloni.pt"), S), P(other_email(), None))
b("T7", "social", "never", "Notificações do Instagram, do Facebook e do LinkedIn", True,
  P(social("instagram"), S), P(social("facebook"), S), P(social("linkedin"), S), P(social("x"), None))
b("T7", "social", "custom", "Silencia tudo o que for notificação de redes sociais", True,
  P(social("instagram"), S), P(social("strava"), S), P(other_email(), None))
b("T7", "receipt", "never", "Recibos e avisos de envio", True,
  P(receipt("Worten", "worten.pt"), S), P(other_email(), None))
b("T7", "list", "never", "Listas de e-mail", True,
  P(list_post("debian-pt", "debian-pt@lists.debian.example", "Zé", "ze@x.example", "Dúvida apt"), S),
  P(other_email(), None))
b("T7", "autoreply", "never", "Respostas automáticas de ausência", True,
  P(autoreply("Rui Mascarenhas", "rui@mascarenhas-arq.pt", "Resposta automática: ausente até dia 16"), S),
  P(rui, None))

# --- conversas -------------------------------------------------------------------------------------------
grp = chat("Pedro", "+351 916 100 200", "Amanhã há ondas?", group=True, chat_name="Malta do Surf")
grp_me = chat("Pedro", "+351 916 100 200", "@Lucía vens amanhã?", group=True, chat_name="Malta do Surf",
              mentions=("me",))
grp_name = chat("Pedro", "+351 916 100 200", "Lucía, vens amanhã?", group=True, chat_name="Malta do Surf")
ericeira = chat("Sofia", "+351 916 300 400", "@Lucía marcado!", group=True, chat_name="Malta do Surf Ericeira",
                mentions=("me",))
condo = chat("Sr. Alves", "+351 916 500 600", "Reunião de condóminos", group=True, chat_name="Condomínio Rua Nova 12")
b("T7", "group", "custom", "Grupos de WhatsApp: só me avises se me mencionarem com @", True,
  P(grp_me, N), P(grp, S), P(grp_name, S, "o nome escrito não é uma menção"), P(joana_wa, None))
b("T7", "group", "custom", "Não me notifiques mensagens de grupos, exceto se alguém me marcar", True,
  P(grp_me, N), P(grp, S), P(joana_wa, None), P(joana, None))
b("T7", "group", "always", "Conversas individuais no WhatsApp", True, P(joana_wa, N), P(grp, None), P(joana, None))
b("T7", "group", "never", "Os grupos do WhatsApp", True, P(grp, S), P(condo, S), P(joana_wa, None))
b("T7", "chatname", "custom", 'No grupo "Malta do Surf", avisa-me só se me mencionarem', True,
  P(grp_me, N), P(grp, S), P(ericeira, None, "outro grupo, nome parecido"), P(joana_wa, None))
b("T7", "chatname", "never", 'Silencia o grupo "Condomínio Rua Nova 12"', True,
  P(condo, S), P(grp, None), P(chat("Sr. Alves", "+351 916 500 600", "Bom dia"), None))
b("T7", "mention", "always", "Quando alguém me mencionar com @ num grupo", True,
  P(grp_me, N), P(grp_name, None), P(joana_wa, None))

# --- temas, referências, assunto -------------------------------------------------------------------------
b("T7", "topic", "always", "Tudo sobre a obra da Rua do Almada", True,
  P(email("Empreiteiro", "geral@construcoesnorte.example", "Obra Rua do Almada — orçamento", "Segue."), N),
  P(event("Reunião obra Rua do Almada"), N),
  P(email("Câmara", "cultura@cm-almada.example", "Festival em Almada", "x"), None, "só 'Almada'"))
b("T7", "ref", "custom", "E-mails que mencionem o processo AP-30917: avisa-me sempre, seja quem for o remetente",
  True,
  P(email("", "notificacoes@tribunal.example", "Notificação", "Processo AP-30917: despacho"), N),
  P(email("", "notificacoes@tribunal.example", "Notificação", "Processo AP-30918: despacho"), None),
  P(chat("Advogada", "+351 916 700 800", "AP-30917 tem despacho"), None, "só e-mails"))
b("T7", "subject", "custom", 'E-mails com "orçamento" no assunto: avisa-me', True,
  P(email("Cozinhas Lda", "geral@cozinhas.example", "Orçamento cozinha", "x"), N),
  P(email("Cozinhas Lda", "geral@cozinhas.example", "Visita", "Envio o orçamento amanhã"), None, "só no corpo"))
b("T7", "subject", "custom", "Só me notifique de e-mails do Banco Horizonte se o assunto tiver 'fatura'", False,
  P(email("Banco Horizonte", "avisos@bancohorizonte.com.br", "Sua fatura chegou", "x"), N),
  P(email("Banco Horizonte", "avisos@bancohorizonte.com.br", "Novidades", "x"), S, "sem 'fatura' no assunto"),
  P(other_email(), None))

# --- agenda ----------------------------------------------------------------------------------------------
b("T9", "created", "always", "Eventos do calendário criados hoje", True,
  P(event("Notário", created_ago=hours(3)), N), P(event("Dentista", created_ago=days(1)), None),
  P(event("Voo para o Porto", created_ago=LOCAL_TODAY_ONLY), N, "hoje em Madrid, ontem em UTC"))
b("T9", "created", "always", "Eventos novos adicionados hoje que comecem nas próximas 24 horas", True,
  P(event("Chamada", created_ago=hours(1), start_in=hours(8)), N),
  P(event("Chamada", created_ago=hours(1), start_in=days(4)), None),
  P(event("Chamada", created_ago=days(2), start_in=hours(8)), None))
b("T9", "starts", "always", "Reuniões que comecem nas próximas 3 horas", True,
  P(event("Direção", start_in=hours(2)), N), P(event("Direção", start_in=hours(4)), None))
b("T9", "starts", "custom", "Não me avises de eventos da agenda, a não ser que comecem dentro de 30 minutos", True,
  P(event("Chamada", start_in=minutes(20)), N), P(event("Chamada", start_in=hours(1)), S), P(other_email(), None))
b("T7", "recurring", "never", "Lembretes de reuniões semanais", True,
  P(event("Reunião de equipa", rrule=weekly), S), P(event("Ponto diário", rrule=daily), None),
  P(other_event(), None))
b("T7", "recurring", "never", "Eventos recorrentes (diários, semanais ou mensais)", True,
  P(event("Ponto diário", rrule=daily), S), P(event("Equipa", rrule=weekly), S),
  P(event("Renda", rrule=monthly), S), P(other_event(), None))
b("T7", "allday", "never", "Eventos de dia inteiro", True,
  P(event("Feriado", all_day=True), S), P(event("Direção"), None))
b("T7", "exception", "always", "Eventos da agenda, exceto os de dia inteiro", True,
  P(event("Direção"), N), P(event("Feriado", all_day=True), S), P(other_email(), None))

# --- silêncio e retenções --------------------------------------------------------------------------------
b("T11", "hold", "custom", "Sem notificações entre as 22h e as 7h", True,
  P(other_email(), H, at="2026-03-11 22:30", until="2026-03-12 07:00"),
  P(other_event(), H, at="2026-03-12 03:00", until="2026-03-12 07:00"),
  P(other_email(), None, at="2026-03-11 21:00"), P(other_email(), None, at="2026-03-12 07:05"))
b("T11", "hold", "custom", "Nos dias úteis, nada antes das 8h30", True,
  P(other_email(), H, at="2026-03-11 08:00", until="2026-03-11 08:30"),
  P(other_email(), None, "sábado", at="2026-03-14 08:00"), P(other_email(), None, at="2026-03-11 09:00"))
b("T11", "hold", "custom", "Silêncio das 23h às 7h, a não ser que seja a Avó", False,
  P(chat("Avó", "+351 917 000 000", "Estás acordada?"), N, at="2026-03-11 23:30"),
  P(other_chat(), H, at="2026-03-11 23:30", until="2026-03-12 07:00"),
  P(chat("Avó", "+351 917 000 000", "Almoço?"), None, at="2026-03-11 12:00"))

# --- o resto, canais inteiros ----------------------------------------------------------------------------
b("T10", "catchall", "custom", "Se nenhuma das regras acima se aplicar, não me avises", True,
  P(other_email(), S), P(other_chat(), S), P(other_event(), S), catch_all=True)
b("T10", "catchall", "custom", "Tudo o resto: avisa-me", True,
  P(other_email(), N), P(other_chat(), N), catch_all=True)
b("T7", "channel", "never", "Todo o WhatsApp", True, P(joana_wa, S), P(grp, S), P(joana, None))
b("T7", "channel", "custom", "Silencia os eventos do calendário", True, P(other_event(), S), P(joana, None))

# --- valores ---------------------------------------------------------------------------------------------
b("T7", "amount", "always", "Faturas acima de 300 euros", False,
  P(email("Águas do Porto", "faturas@aguasdoporto.pt", "Fatura FT-88", "Total: 420,00 EUR"), N),
  P(email("Águas do Porto", "faturas@aguasdoporto.pt", "Fatura FT-89", "Total: 80,00 EUR"), None))

# --- não se lê sem modelo --------------------------------------------------------------------------------
b.no("T7", "judgement", "always", "Coisas urgentes de clientes importantes")
b.no("T7", "role", "always", "E-mails do meu contabilista")
b("T7", "only-in-cc", "never", "E-mails em que estou só em cópia", True,
  P(cc_only("Rui Lopes", "rui@lopes.example", "x"), S, "só em cópia"),
  P(email("Rui Lopes", "rui@lopes.example", "x", "x"), None, "no Para"))
b("T7", "replies-in-my-thread", "always", "Respostas às conversas que eu comecei", True,
  P(in_my_thread(email("Rui Lopes", "rui@lopes.example", "Re: Orçamento", "x")), N, "resposta na minha conversa"),
  P(email("Rui Lopes", "rui@lopes.example", "Orçamento", "x"), None, "conversa nova"))
b.no("T7", "qualifier", "always", "Os áudios da Avó")
b.no("T7", "qualifier", "always", "E-mails da Joana Figueiredo com anexos")
b.no("T7", "qualifier", "custom", "Mensagens do Rui Mascarenhas quando ele estiver de férias")

# --- uma exceção repetida depois ("exceto X: esses quero vê-los"); exemplos entre parênteses --------------
moodle_nota = digest("Moodle", "moodle.example", "Nova nota lançada: teste de física")
moodle_juri = digest("Moodle", "moodle.example", "Convocatória do júri de recurso")
b("T7", "exception", "never", "Ignora os e-mails automáticos do Moodle (notas, fóruns…), exceto os que falem do "
  "júri: esses quero vê-los.", False,
  P(moodle_nota, S), P(moodle_juri, N, "a exceção, repetida"), P(other_email(), None))

# --- um tema com a sua referência entre parênteses, seja quem for que o envie ------------------------------
b("T7", "topic", "custom", "Avisa-me dos e-mails sobre o contrato Lusa (ref. LX-2026-118), seja quem for que os envie.",
  False,
  P(email("Ana Costa", "ana@costa.example", "Orçamento", "Orçamento a imputar ao LX-2026-118."), N),
  P(chat("Ana Costa", "+351 912 345 678", "LX-2026-118 assinado"), None, "só e-mails"), P(other_email(), None))

# --- uma exceção de grupo numa regra de grupos ("exceto o grupo X, onde quero todas as mensagens") ------------
b("T7", "group", "custom", 'Grupos de WhatsApp: só se me mencionarem, exceto o grupo "Família", onde quero todas as '
  'mensagens.', False,
  P(chat("Avó", "+351 912 000 111", "Vêm no domingo?", group=True, chat_name="Família"), N, "todas as mensagens"),
  P(chat("Rui", "+351 913 000 222", "@eu vens?", group=True, chat_name="Futebol", mentions=("me",)), N),
  P(chat("Rui", "+351 913 000 222", "quem vem?", group=True, chat_name="Futebol"), S),
  P(other_chat(), None))

b("T11", "hold", "custom", "Das 23h às 7h não quero nenhuma notificação.", False,
  P(other_email(), H, "dentro da janela", at="2026-03-11 23:45", until="2026-03-12 07:00"),
  P(other_chat(), None, "fora da janela"))

b("T11", "hold", "custom", "Das 23h às 7h (hora de Lisboa) não quero nenhuma notificação: guarda-mas e mostra-mas às 7h.",
  False,
  P(other_email(), None, "22h30 em Lisboa", at="2026-03-11 23:30"),
  P(other_email(), H, "23h30 em Lisboa", at="2026-03-12 00:30", until="2026-03-12 08:00"))

b("T7", "sender", "always", "Qualquer pessoa do laboratório Douro Dental (os endereços acabam em @dourodental.example).",
  False,
  P(email("Rui Costa", "rui@dourodental.example", "Coroa pronta", "x"), N), P(other_email(), None))
b("T7", "sender", "always", 'Mensagens de WhatsApp da minha filha, que tenho gravada como "Matilde 🌻".', False,
  P(chat("Matilde 🌻", "+351 912 000 333", "mãe?"), N), P(chat("Matilde Sousa", "+351 913 000 444", "olá"), None),
  P(other_email(), None))

b("T7", "recurring", "never", "Lembretes de reuniões que se repetem todas as semanas.", False,
  P(event("Reunião de equipa", rrule=weekly, start_in=hours(3)), S), P(other_event(), None))

b("T9", "created", "custom", "Consultas ou reuniões que tenham sido acrescentadas à agenda hoje e que comecem nas "
  "próximas 3 horas.", False,
  P(event("Consulta Dr. Sá", start_in=hours(2), created_ago=minutes(30)), N),
  P(event("Consulta Dr. Sá", start_in=hours(2), created_ago=days(1)), None, "acrescentada ontem"),
  P(email("Consultas Lda", "geral@consultas.example", "Fatura", "x"), None, "não é um remetente"))
b("T7", "group", "custom", "Grupos de WhatsApp: só me avisem se alguém me mencionar com @.", False,
  P(chat("Rui", "+351 913 000 222", "@eu vens?", group=True, chat_name="Futebol", mentions=("me",)), N),
  P(chat("Rui", "+351 913 000 222", "quem vem?", group=True, chat_name="Futebol"), S), P(other_chat(), None))

CASES = b.cases

# found on sealed probes and fresh cases (first runs)
b("T7", "no-is-in-the", "custom", "Eventos novos no calendário que comecem em menos de 3 horas", True,
  P(event("Consulta", start_in=hours(2), created_ago=minutes(30)), N),
  P(event("Consulta", start_in=hours(30), created_ago=minutes(30)), None))
b("T7", "catch-all-words", "custom", "Todo o resto: se nenhuma regra acima se aplicar, não me avise.", True,
  P(other_email(), S), catch_all=True)
b("T7", "whoever", "custom", "Se um e-mail tratar da fiscalização do CRO-SP (processo 2026/08812), me avise, seja "
  "quem for o remetente.", True,
  P(email("CRO-SP", "fiscalizacao@crosp.example", "Processo 2026/08812", "Prazo de resposta."), N),
  P(other_email(), None))
b("T7", "role-comma-name", "always", "O meu contabilista, o Sr. Armando Cossa, quando me escreve por email ou por "
  "WhatsApp", True, P(email("Armando Cossa", "acossa@contab.example", "IVA", "x"), N), P(other_email(), None))
b("T7", "amount-alternatives", "always", "Faturas ou pedidos de pagamento acima de 50.000 MT: avisa-me sempre, venha de "
  "quem vier", True,
  P(email("Fornecedor", "contas@forn.example", "Fatura 12", "Total: 72.450 MT"), N),
  P(email("Fornecedor", "contas@forn.example", "Fatura 13", "Total: 49.800 MT"), None))
b("T11", "until-next-day", "custom", "No fim de semana segura tudo até segunda às 8h, menos as mensagens da Ana", True,
  P(other_email(), H, "sábado", at="2026-03-14 10:00", until="2026-03-16 08:00"),
  P(chat("Ana", "+351 910 000 001", "Olá"), N, "a Ana", at="2026-03-14 10:00"),
  P(other_email(), None, "segunda mais tarde", at="2026-03-16 09:30"))
b("T7", "role-comma-name-at-end", "custom", "Nos fins de semana, só me avise se for da minha esposa, Beatriz", True,
  P(chat("Beatriz", "+55 11 90000-0001", "Oi"), N, "sábado", at="2026-03-14 10:00"),
  P(other_chat(), S, "sábado", at="2026-03-14 10:00"))
b("T7", "cat-aside", "never", "E-mails automáticos (no-reply)", True, P(digest("Sistema", "sistema.example"), S),
  P(other_email(), None))
b("T7", "code-aside", "custom", "E-mails sobre o contêiner exportado para Lisboa (MSKU 4418207): avise sempre, não "
  "importa quem envie", True,
  P(email("Maersk", "notices@maersk.example", "MSKU 4418207 arrived", "x"), N),
  P(email("Maersk", "notices@maersk.example", "MSKU 4418270 arrived", "x"), None))
b("T7", "appositive-role", "always", "Qualquer pessoa da Cooperativa Serra Alta, nossa fornecedora de café verde (os "
  "e-mails terminam em @serraalta.coop.br)", True,
  P(email("Joana Mendes", "joana.mendes@serraalta.coop.br", "Lote", "x"), N), P(other_email(), None))
b("T7", "allday-examples", "never", "Eventos de dia inteiro (feriados, aniversários) não precisam de aviso.", True,
  P(event("Feriado", all_day=True), S), P(other_event(), None))
b("T7", "mudar-de-hora", "custom", "Se uma reunião mudar de hora ou de dia, avisa-me.", True,
  P(event("Reunião", created_ago=days(5), modified_ago=hours(1)), N), P(event("Reunião"), None))
b("T10", "catch-all-acima", "custom", "Se nada acima se aplicar, não precisa me avisar.", True,
  P(other_email(), S), catch_all=True)
b.no("T7", "only-if-under-never-without-verb", "never", "Grupo 'Prédio Azul' — só se falarem da garagem")
b("T11", "after-until-release", "custom", "Depois das 21h, guarda tudo para as 7h da manhã seguinte", True,
  P(other_email(), H, "à noite", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(other_email(), None, "de manhã"))
b("T11", "after-until-next-day", "custom", "Depois das 22h, segura tudo até as 7h30 do dia seguinte", True,
  P(other_email(), H, "à noite", at="2026-03-11 23:00", until="2026-03-12 07:30"),
  P(other_email(), None, "de manhã"))
b.no("T7", "address-on-whatsapp", "always",
     "Mensagens da Distribuidora Sul, seja do contato@distsul.example ou do Marcos no WhatsApp")
b("T7", "fora-isso-silencio", "custom", 'Grupo "Família Lima" no WhatsApp: só quando alguém me marcar com @. Fora isso, silêncio.',
  True,
  P(chat("Tia Rosa", "+55 11 91234 0000", "@eu vem domingo?", group=True, chat_name="Família Lima", mentions=("me",)), N),
  P(chat("Tia Rosa", "+55 11 91234 0000", "bom dia 🌞", group=True, chat_name="Família Lima"), S))
b("T7", "reply-to-what-i-sent", "custom", "Se alguém responder um e-mail que eu mandei, me avisa na hora", True,
  P(in_my_thread(email("Rui Lopes", "rui@lopes.example", "Re: Proposta", "x")), N),
  P(email("Rui Lopes", "rui@lopes.example", "Proposta nova", "x"), None))

# --- found by sealed probes, session of 2026-12-01 -------------------------------------------------------------
b("T7", "no-typo-into-a-role", "always", "Qualquer e-mail da escala de voo (escala@lusoair.example)", False,
  P(email("Escala", "escala@lusoair.example", "Escala de abril", "x"), N),
  P(email("Escola Básica n.º 1", "secretaria@eb1.example", "Reunião", "x"), None, "uma escola, não a escala"))
b("T7", "amount-yes-the-rest-no", "custom", "Boletos acima de R$ 1.000 sim, os demais não", True,
  P(email("Construtora Ipê", "financeiro@ipe.example", "Boleto 4471", "Valor: R$ 2.300,00"), N),
  P(email("Construtora Ipê", "financeiro@ipe.example", "Boleto 4472", "Valor: R$ 300,00"), S))
b("T11", "keep-for-later", "custom", "Ao fim de semana não me incomodem antes das 9h; guardem para depois", True,
  P(other_email(), H, "sábado cedo", at="2026-03-14 08:00", until="2026-03-14 09:00"),
  P(other_email(), None, "sábado mais tarde", at="2026-03-14 10:00"))
b("T7", "replies-to-mine-grammar", "always", "Respostas aos e-mails que eu mandei", True,
  P(in_my_thread(email("Rui Lopes", "rui@lopes.example", "Re: orçamento", "x")), N),
  P(email("Rui Lopes", "rui@lopes.example", "Orçamento novo", "x"), None, "não é resposta"))
b("T7", "weekday-window-hold-unless", "custom",
  "Em dias de semana, depois das 20h, segura tudo até as 7h, a não ser que seja do meu marido Rodrigo", True,
  P(other_email(), H, "quarta à noite", at="2026-03-11 21:00", until="2026-03-12 07:00"),
  P(chat("Rodrigo", "+351 912 000 333", "Chego tarde"), N, "o marido", at="2026-03-11 21:00"))
b("T7", "today-or-tomorrow", "custom", "Reuniões canceladas: só me avisa se forem hoje ou amanhã", True,
  P(event("Reunião", start_in=hours(20), status="CANCELLED", modified_ago=hours(1)), N, "amanhã"),
  P(event("Reunião", start_in=days(4), status="CANCELLED", modified_ago=hours(1)), S, "daqui a 4 dias"))
b("T7", "an-hour-before", "custom", "Me avisa uma hora antes de qualquer reunião", True,
  P(event("Reunião", start_in=minutes(40)), N), P(event("Reunião", start_in=hours(5)), None))
b.no("T7", "kind-of-appointment-not-dropped", "custom", "Me avisa uma hora antes de qualquer consulta médica")
b("T7", "label-then-domains-ending-in", "always",
  "Clientes: qualquer email de endereços terminados em @padariaribeiro.example ou @farmaciaalvalade.example", True,
  P(email("Albertina Ribeiro", "albertina@padariaribeiro.example", "Faturas", "x"), N),
  P(email("Clientes Unidos", "info@clientes.example", "Oferta", "x"), None, "o rótulo não é um remetente"))
b("T7", "arriving-from-addresses", "always",
  "Finanças / Autoridade Tributária: avisos e notificações que cheguem de endereços @at.gov.example", True,
  P(email("Autoridade Tributária", "cpe@at.gov.example", "Notificação", "x"), N), P(other_email(), None))
b("T7", "whose-subject-contains", "custom",
  'avisa-me de qualquer email cujo ASSUNTO contenha "prazo" ou "IVA", mesmo que o remetente seja desconhecido', True,
  P(email("Armando Pires", "armando@pires.example", "Prazo do IVA", "x"), N),
  P(email("Armando Pires", "armando@pires.example", "Dúvida", "o prazo do IVA"), None, "só no corpo"))
b("T7", "scheduled-appointment-before", "custom", "Me avise 30 minutos antes de cada consulta marcada", True,
  P(event("Consulta", start_in=minutes(20)), N), P(event("Consulta", start_in=hours(4)), None))
