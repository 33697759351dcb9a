"""Spanish rule sentences and what they mean (issue 7, item 8)."""

from __future__ import annotations

from tests.rules.bank._probe import (
    cc_only, in_my_thread, Person, LOCAL_TODAY_ONLY, Bank, H, N, P, S, autoreply, chat, daily, days, digest, email, event, hours, list_post,
    minutes, monthly, newsletter, other_chat, other_email, other_event, promo, receipt, social, weekly,
)

b = Bank("es")

rocio = email("Rocío Benítez", "rocio.benitez@gmail.com", "¿Cenamos el viernes?", "Dime algo.")
rocio_wa = chat("Rocío Benítez", "+34 677 100 200", "Ya estoy en casa")
peluqueria = chat("Peluquería Rocío", "+34 915 000 111", "Le recordamos su cita de mañana")
ernesto = email("Ernesto Villalba", "evillalba@villalba-abogados.es", "Escritura", "Te mando el borrador.")
ernesto_wa = chat("Ernesto Villalba", "+34 688 300 400", "¿Me llamas?")
villanueva = email("Ernesto Villanueva", "ernesto@villanueva.example", "Escritura", "Te mando el borrador.")
gonzalo = email("Gonzalo Prieto", "gprieto@prieto-seguros.example", "Renovación", "Le ofrecemos renovar.")

# --- remitentes por nombre -------------------------------------------------------------------------------
b("T7", "sender", "always", "Rocío Benítez", True,
  P(rocio, N), P(rocio_wa, N), P(peluqueria, None, "una peluquería llamada Rocío"),
  P(email("Rocío Bermúdez", "rbermudez@example.es", "Hola", "hola"), None, "otro apellido"))
b("T7", "sender", "always", "Correos de Ernesto Villalba", True,
  P(ernesto, N), P(ernesto_wa, None, "WhatsApp, no correo"), P(villanueva, None, "Villanueva no es Villalba"))
b("T7", "sender", "custom", "Avísame siempre que me escriba Ernesto Villalba", True,
  P(ernesto, N), P(ernesto_wa, N), P(villanueva, None), P(other_email(), None))
b("T7", "polarity", "custom", "No quiero perderme ningún correo de Rocío Benítez", True,
  P(rocio, N, "no quiero perderme = avisar"), P(rocio_wa, None, "solo correos"), P(other_email(), None))
b("T7", "polarity", "custom", "Nunca dejes de avisarme cuando escriba Rocío Benítez", False,
  P(rocio, N, "doble negación = avisar"), P(rocio_wa, N), P(peluqueria, None))
b("T7", "sender", "never", "Los correos de Gonzalo Prieto", True,
  P(gonzalo, S), P(chat("Gonzalo Prieto", "+34 600 111 999", "hola"), None), P(other_email(), None))
b("T7", "polarity", "custom", "No hace falta que me avises de los mensajes de Javi Ledesma", False,
  P(email("Javi Ledesma", "javi@ledesma.example", "Pádel", "¿Jugamos?"), S, "no hace falta = no avisar"),
  P(chat("Javi Ledesma", "+34 644 555 666", "¿Pádel?"), S), P(other_chat(), None))
b("T7", "polarity", "custom", "Ignora los correos de Gonzalo Prieto", True, P(gonzalo, S), P(ernesto, None))

# --- organizaciones y dominios ---------------------------------------------------------------------------
arriaga = email("Mikel Etxebarria | Construcciones Arriaga", "mikel@construccionesarriaga.es", "Certificación",
                "Adjunto la certificación de obra.")
b("T7", "org", "always", "Cualquiera de Construcciones Arriaga", True,
  P(arriaga, N), P(newsletter("Construcciones Arriaga", "construccionesarriaga.es"), N, "esta regla sola avisa"),
  P(email("Arriaga Abogados", "info@arriagaabogados.example", "Consulta", "Consulta"), None, "otra empresa"))
marbella = email("Lidia Moreno", "lidia.moreno@segurosmarbella.es", "Su póliza", "Su póliza está lista.")
b("T7", "exception", "always", "Todos los correos de Seguros Marbella excepto sus newsletters", True,
  P(marbella, N), P(newsletter("Seguros Marbella", "segurosmarbella.es"), S, "la excepción"),
  P(newsletter("El Jardín Hoy", "eljardinhoy.example"), None))
b("T7", "exception", "custom", "Avísame de los correos de Editorial Pámpano, pero no de sus promociones", True,
  P(email("Sara Gil", "sara.gil@editorialpampano.es", "Galeradas", "Ya están."), N),
  P(promo("Editorial Pámpano", "editorialpampano.es"), S, "pero no sus promociones"),
  P(promo("Zapatos Lola", "zapatoslola.es"), None))
b("T7", "domain", "always", "Los que escriben desde @clinicasol.es", True,
  P(email("Dra. Ruiz", "recepcion@clinicasol.es", "Resultados", "Ya tiene sus resultados."), N),
  P(email("Dra. Ruiz", "recepcion@clinicasol.com", "Resultados", "x"), None, "otro dominio"))
b("T7", "domain", "never", "Todo lo que llegue del dominio ofertasya.com", True,
  P(email("OfertasYa", "hola@ofertasya.com", "Chollos", "Chollos"), S),
  P(email("OfertasYa", "hola@ofertasya.es", "Chollos", "Chollos"), None))
b("T7", "domain", "custom", "Si la dirección del remitente termina en uned.es, avísame", True,
  P(email("Secretaría", "secretaria@fisica.uned.es", "Matrícula", "x"), N, "subdominio de uned.es"),
  P(email("Secretaría", "secretaria@fakeuned.es", "Matrícula", "x"), None, "termina en …uned.es pero no es uned.es"))
b("T7", "address", "always", "facturas@luzverde.es", True,
  P(email("Luz Verde", "facturas@luzverde.es", "Su factura", "x"), N),
  P(email("Luz Verde", "comercial@luzverde.es", "Oferta", "x"), None))

# --- teléfonos, contactos, números desconocidos ----------------------------------------------------------
b("T7", "phone", "always", "Los WhatsApp del +34 699 123 456", True,
  P(chat("", "+34699123456", "Soy el técnico"), N), P(chat("", "+34699123457", "hola"), None))
b("T7", "phone", "never", "Silencia el número 0034 611 22 33 44", False,
  P(chat("", "+34611223344", "Oferta exclusiva"), S, "0034 = +34"), P(chat("", "+34611223345", "hola"), None))
b("T7", "contact", "always", 'Mi madre en WhatsApp (la tengo guardada como "Mamá")', True,
  P(chat("Mamá", "+34 600 123 123", "¿Vienes a comer?"), N),
  P(chat("Mamá de Pablo", "+34 600 321 321", "¿Recoges tú a los niños?"), None, "otra persona"),
  P(email("Mamá", "carmen@example.es", "Fotos", "x"), None, "solo WhatsApp"))
b("T7", "unsaved", "never", "Mensajes de números que no tengo guardados", True,
  P(chat("", "+34655000111", "Ha ganado un premio"), S), P(rocio_wa, None), P(rocio, None))
b("T7", "exception", "custom", "Números desconocidos en WhatsApp: no me avises, a menos que hablen de mi pedido", False,
  P(chat("", "+34655000222", "Su pedido llega hoy entre 10 y 12"), N), P(chat("", "+34655000223", "Hola"), S),
  P(rocio_wa, None))

# --- tipos de correo -------------------------------------------------------------------------------------
b("T7", "newsletter", "never", "Boletines y newsletters", True,
  P(newsletter("El Jardín Hoy", "eljardinhoy.example"), S), P(other_email(), None))
b("T7", "marketing", "never", "Publicidad, promociones y ofertas", True,
  P(promo("Zapatos Lola", "zapatoslola.es"), S), P(other_email(), None))
b("T7", "digest", "never", "Los informes automáticos y los resúmenes semanales", True,
  P(digest("Holded", "holded.com"), S), P(other_email(), None))
b("T7", "social", "never", "Notificaciones de LinkedIn y de Facebook", True,
  P(social("linkedin"), S), P(social("facebook"), S), P(social("instagram"), None, "no la nombra"))
b("T7", "social", "custom", "Silencia todas las notificaciones de redes sociales", True,
  P(social("linkedin"), S), P(social("tiktok"), S), P(other_email(), None))
b("T7", "receipt", "never", "Recibos, confirmaciones de pedido y avisos de envío", True,
  P(receipt("PcComponentes", "pccomponentes.com"), S), P(other_email(), None))
b("T7", "list", "never", "Listas de correo", True,
  P(list_post("python-es", "python-es@lists.python.example", "Ana", "ana@x.example", "Duda con asyncio"), S),
  P(other_email(), None))
b("T7", "autoreply", "never", "Respuestas automáticas de fuera de la oficina", True,
  P(autoreply("Ernesto Villalba", "evillalba@villalba-abogados.es", "Respuesta automática: fuera de la oficina"), S),
  P(ernesto, None))

# --- chats -----------------------------------------------------------------------------------------------
grp = chat("Tío Paco", "+34 611 200 300", "¿Quién trae la paella?", group=True, chat_name="Primos Villalba")
grp_me = chat("Tío Paco", "+34 611 200 300", "@Lucía ¿traes tú el vino?", group=True, chat_name="Primos Villalba",
              mentions=("me",))
grp_name = chat("Tío Paco", "+34 611 200 300", "Lucía, ¿vienes el sábado?", group=True, chat_name="Primos Villalba")
ampa = chat("Marisa", "+34 611 400 500", "Recordad la excursión", group=True, chat_name="AMPA Colegio Sorolla")
b("T7", "group", "custom", "Grupos de WhatsApp: solo avísame si me mencionan con @", True,
  P(grp_me, N), P(grp, S), P(grp_name, S, "su nombre escrito no es una mención"), P(rocio_wa, None))
b("T7", "group", "custom", "No me avises de los mensajes de grupo salvo que alguien me etiquete", True,
  P(grp_me, N), P(grp, S), P(grp_name, S), P(rocio_wa, None), P(rocio, None))
b("T7", "group", "always", "Los chats individuales de WhatsApp", True,
  P(rocio_wa, N), P(grp, None), P(rocio, None))
b("T7", "group", "never", "Los grupos de WhatsApp", True, P(grp, S), P(ampa, S), P(rocio_wa, None))
b("T7", "chatname", "custom", 'En el grupo "Primos Villalba", avísame solo si me mencionan', True,
  P(grp_me, N), P(grp, S), P(ampa, None, "otro grupo"), P(rocio_wa, None))
b("T7", "chatname", "never", 'Silencia el grupo "AMPA Colegio Sorolla"', True,
  P(ampa, S), P(grp, None), P(chat("Marisa", "+34 611 400 500", "¿Café?"), None, "Marisa en privado"))
b("T7", "mention", "always", "Cuando alguien me mencione con @ en un grupo", True,
  P(grp_me, N), P(grp_name, None), P(rocio_wa, None))

# --- temas, referencias, asunto --------------------------------------------------------------------------
b("T7", "topic", "always", "Todo lo relacionado con la reforma de la calle Olmo", True,
  P(email("Aparejador", "obra@arquitectura-sur.example", "Reforma calle Olmo: presupuesto", "Adjunto."), N),
  P(event("Visita de obra, reforma calle Olmo"), N),
  P(email("Vivero Olmo", "ventas@viveroolmo.example", "Plantones de olmo", "x"), None, "solo 'olmo'"))
b("T7", "ref", "custom", "Los correos que hablen del expediente REF-77812: avísame siempre, los mande quien los mande",
  True,
  P(email("", "notificaciones@sede.example", "Notificación", "Expediente REF-77812: resolución"), N),
  P(email("", "notificaciones@sede.example", "Notificación", "Expediente REF-77813: resolución"), None),
  P(event("Plazo REF-77812"), None, "solo correos"))
b("T7", "subject", "custom", 'Correos con "factura" en el asunto: avísame', True,
  P(email("Luz Verde", "facturas@luzverde.es", "Factura de marzo", "x"), N),
  P(email("Gestoría", "info@gestoria.example", "Documentación", "Falta la factura de enero"), None, "solo en el cuerpo"))

# --- calendario ------------------------------------------------------------------------------------------
b("T9", "created", "always", "Los eventos del calendario creados hoy", True,
  P(event("Notaría", created_ago=hours(2)), N), P(event("Dentista", created_ago=days(1)), None),
  P(event("Vuelo a Bilbao", created_ago=LOCAL_TODAY_ONLY), N, "hoy en Madrid, ayer en UTC"))
b("T9", "created", "always", "Eventos nuevos añadidos hoy que empiecen en las próximas 24 horas", True,
  P(event("Llamada", created_ago=hours(1), start_in=hours(6)), N),
  P(event("Llamada", created_ago=hours(1), start_in=days(2)), None),
  P(event("Llamada", created_ago=days(3), start_in=hours(6)), None))
b("T9", "starts", "always", "Reuniones que empiezan dentro de 2 horas", True,
  P(event("Comité", start_in=minutes(100)), N), P(event("Comité", start_in=hours(4)), None))
b("T9", "starts", "custom", "No me avises de eventos del calendario a menos que empiecen en menos de una hora", True,
  P(event("Llamada", start_in=minutes(40)), N), P(event("Llamada", start_in=hours(2)), S), P(other_email(), None))
b("T7", "recurring", "never", "Recordatorios de reuniones semanales", True,
  P(event("Reunión de equipo", rrule=weekly), S), P(event("Daily", rrule=daily), None), P(other_event(), None))
b("T7", "recurring", "never", "Cualquier evento que se repita, sea diario, semanal o mensual", True,
  P(event("Daily", rrule=daily), S), P(event("Equipo", rrule=weekly), S), P(event("Alquiler", rrule=monthly), S),
  P(other_event(), None))
b("T7", "allday", "never", "Los eventos de todo el día", True,
  P(event("Festivo San José", all_day=True), S), P(event("Comité"), None))
b("T7", "exception", "always", "Eventos del calendario, excepto los de todo el día", True,
  P(event("Comité"), N), P(event("Festivo", all_day=True), S), P(other_email(), None))

# --- retenciones, horas de silencio ----------------------------------------------------------------------
b("T11", "hold", "custom", "Nada de notificaciones entre las 23:00 y las 7:00", True,
  P(other_email(), H, at="2026-03-11 23:30", until="2026-03-12 07:00"),
  P(other_chat(), H, at="2026-03-12 05:00", until="2026-03-12 07:00"),
  P(other_email(), None, at="2026-03-11 22:30"), P(other_email(), None, at="2026-03-12 07:15"))
b("T11", "hold", "custom", "Los fines de semana, no me avises antes de las 10", True,
  P(other_email(), H, "sábado", at="2026-03-14 09:00", until="2026-03-14 10:00"),
  P(other_email(), None, "miércoles", at="2026-03-11 09:00"), P(other_email(), None, at="2026-03-14 11:00"))
b("T11", "hold", "custom", "Horas de silencio de 22:00 a 8:00, salvo que me escriba Mamá", False,
  P(chat("Mamá", "+34 600 123 123", "¿Estás despierta?"), N, at="2026-03-11 23:00"),
  P(other_chat(), H, at="2026-03-11 23:00", until="2026-03-12 08:00"),
  P(chat("Mamá", "+34 600 123 123", "¿Comemos?"), None, at="2026-03-11 13:00"))

# --- reglas para todo lo demás, canales enteros ----------------------------------------------------------
b("T10", "catchall", "custom", "Si no aplica ninguna de las reglas anteriores, no me avises", True,
  P(other_email(), S), P(other_chat(), S), P(other_event(), S), catch_all=True)
b("T10", "catchall", "custom", "Para todo lo demás, avísame", True,
  P(other_email(), N), P(other_event(), N), catch_all=True)
b("T7", "channel", "never", "Todo WhatsApp", True, P(rocio_wa, S), P(grp, S), P(rocio, None))
b("T7", "channel", "custom", "Silencia el calendario entero", False, P(other_event(), S), P(rocio, None))

# --- importes --------------------------------------------------------------------------------------------
b("T7", "amount", "always", "Facturas de más de 1.000 €", False,
  P(email("Luz Verde", "facturas@luzverde.es", "Factura F-2231", "Importe total: 1.450,00 €"), N),
  P(email("Luz Verde", "facturas@luzverde.es", "Factura F-2232", "Importe total: 95,00 €"), None))

# --- no se puede leer sin un modelo ----------------------------------------------------------------------
b.no("T7", "judgement", "always", "Lo que sea urgente de clientes importantes")
b.no("T7", "role", "always", "Los correos de mi gestor")
b("T7", "only-in-cc", "never", "Los correos en los que solo estoy en copia", True,
  P(cc_only("Pilar Gil", "pilar@gil.example", "x"), S, "solo en copia"),
  P(email("Pilar Gil", "pilar@gil.example", "x", "x"), None, "en el Para"))
b("T7", "replies-in-my-thread", "always", "Las respuestas a hilos que empecé yo", True,
  P(in_my_thread(email("Pilar Gil", "pilar@gil.example", "Re: Presupuesto", "x")), N, "respuesta en mi hilo"),
  P(email("Pilar Gil", "pilar@gil.example", "Presupuesto", "x"), None, "hilo nuevo"))
b.no("T7", "qualifier", "always", "Los audios de WhatsApp de Mamá")
b.no("T7", "qualifier", "always", "Correos de Rocío Benítez con archivos adjuntos")
b.no("T7", "qualifier", "custom", "Avísame cuando Ernesto Villalba escriba más de tres veces seguidas")

# --- una excepción repetida después ("salvo X: esos sí quiero verlos"); ejemplos entre paréntesis ---------
moodle_nota = digest("Moodle", "moodle.example", "Nueva calificación: examen parcial de física")
moodle_tribunal = digest("Moodle", "moodle.example", "Convocatoria del tribunal de revisión")
b("T7", "exception", "never", "Ignora los correos automáticos de Moodle (notas, foros, etc.), salvo los que hablen "
  "del tribunal: esos sí quiero verlos.", False,
  P(moodle_nota, S), P(moodle_tribunal, N, "la excepción, repetida"), P(other_email(), None))

# --- un tema con su referencia entre paréntesis, da igual quién lo envíe ----------------------------------
b("T7", "topic", "custom", "Correos sobre la licitación del puente (referencia PTE-2026-0412), da igual quién los envíe.",
  False,
  P(email("Ana Costa", "ana@costa-ingenieros.example", "Presupuesto", "Presupuesto imputado a PTE-2026-0412."), N),
  P(chat("Ana Costa", "+34 600 700 800", "PTE-2026-0412 firmado"), None, "solo correos"), P(other_email(), None))

# --- una excepción de grupo dentro de una regla de grupos ("excepto el grupo X, donde quiero todos los mensajes")
b("T7", "group", "custom", 'Grupos de WhatsApp: solo si me mencionan, excepto el grupo "Familia", donde quiero todos '
  'los mensajes.', False,
  P(chat("Abuela", "+34 600 300 400", "¿Venís el domingo?", group=True, chat_name="Familia"), N, "todos los mensajes"),
  P(chat("Rosa", "+34 600 100 200", "@yo ¿vienes?", group=True, chat_name="Pádel", mentions=("me",)), N),
  P(chat("Rosa", "+34 600 100 200", "¿quién viene?", group=True, chat_name="Pádel"), S),
  P(other_chat(), None))

# --- una sola negación en concordancia ("no quiero ninguna"), aunque el resto no parezca español --------------
b("T11", "hold", "custom", "De 23:30 a 7:30 no quiero ninguna notificación.", False,
  P(other_email(), H, "dentro de la ventana", at="2026-03-11 23:45", until="2026-03-12 07:30"),
  P(other_chat(), None, "fuera de la ventana"))
b("T7", "polarity", "custom", 'No quiero ninguna notificación del grupo "Vecinos 4ºB".', False,
  P(chat("Marta", "+34 600 111 222", "¿Reunión?", group=True, chat_name="Vecinos 4ºB"), S), P(other_chat(), None))

b("T11", "hold", "custom", "De 23:00 a 8:00 (hora de Madrid) no quiero ninguna notificación: lo que llegue, "
  "guárdamelo y me lo enseñas a las 8:00.", False,
  P(other_email(), H, at="2026-03-11 23:30", until="2026-03-12 08:00"), P(other_chat(), None, "de día"))

b("T7", "topic", "always", "Las alertas P1 de producción que manda nuestro sistema de guardias (guardia@paquete.example).",
  False,
  P(email("Guardia", "guardia@paquete.example", "[P1] API caída", "ALERTA DE PRODUCCIÓN P1"), N),
  P(email("Guardia", "guardia@paquete.example", "[P3] Latencia", "Aviso de producción P3"), None, "otra prioridad"),
  P(email("Ana Ruiz", "ana@ruiz.example", "P1 de producción", "hablemos del P1 de producción"), None, "otro remitente"))

b("T7", "sender", "always", "Los correos de Álvaro Quesada, mi socio.", False,
  P(email("Álvaro Quesada", "alvaro@quesada.example", "Cierre", "x"), N),
  P(email("Álvaro Quevedo", "aq@talento.example", "Oferta", "x"), None), P(other_email(), None))
b("T7", "sender", "always", "Cualquier persona de Grupo Logístico Norte, nuestro mayor cliente (escriben desde "
  "@glnorte.example).", False,
  P(email("Beatriz Soler", "bsoler@glnorte.example", "Pedido", "x"), N), P(other_email(), None))
b("T7", "sender", "always", 'Mi hermana por WhatsApp: la tengo guardada como "Palo 🐢".', False,
  P(chat("Palo 🐢", "+34 655 000 111", "¿vienes?"), N), P(chat("Paloma Recio", "+34 611 000 222", "hola"), None))

b("T7", "recurring", "never", "Reuniones que se repiten cada semana: dailies, 1:1, retros…", False,
  P(event("Daily", rrule=weekly, start_in=hours(3)), S), P(other_event(), None))

b("T9", "created", "custom", "Si se añade hoy un evento al calendario y empieza en menos de 12 horas, avísame.", False,
  P(event("Demo cliente", start_in=hours(8), created_ago=minutes(20)), N),
  P(event("Demo cliente", start_in=days(3), created_ago=minutes(20)), None, "empieza tarde"),
  P(event("Demo cliente", start_in=hours(8), created_ago=days(1)), None, "añadido ayer"))

CASES = b.cases

# found on fresh cases (first runs)
b("T7", "saved-as-aside", "always", 'Todo lo que me escriba mi mamá (en WhatsApp está como "Mami")', True,
  P(chat("Mami", "+57 300 000 0001", "¿Vienes?"), N), P(other_chat(), None))
b("T7", "org-aside", "always", "Correos de la clínica (cualquiera de @patitasvet.co)", True,
  P(email("Dra. Ruiz", "ruiz@patitasvet.co", "Turnos", "x"), N), P(other_email(), None))
b("T7", "qualifier-aside", "always", "Eventos nuevos en el calendario (agregados hoy) que empiecen en menos de 2 horas",
  True, P(event("Cirugía", start_in=hours(1), created_ago=minutes(20)), N),
  P(event("Cirugía", start_in=hours(1), created_ago=days(3)), None))
b("T7", "written-words", "never", 'Los mensajes del grupo "Vecinos Calle Mayor", salvo que alguien escriba "urgente"',
  True, P(chat("Pepe", "+34 600 000 001", "Mañana hay junta", group=True, chat_name="Vecinos Calle Mayor"), S),
  P(chat("Pepe", "+34 600 000 001", "urgente: fuga de agua", group=True, chat_name="Vecinos Calle Mayor"), N))
b("T7", "minutes-before", "custom", "Avísame 10 minutos antes de cada reunión", True,
  P(event("Comité", start_in=minutes(5)), N), P(event("Comité", start_in=hours(5)), None))
b("T7", "identity-clause", "always", "También todos los correos de nuestro proveedor, Distribuidora Vetsur: escriben "
  "desde direcciones que terminan en vetsur.com.uy.", True,
  P(email("Ventas", "ventas@vetsur.com.uy", "Pedido", "x"), N), P(other_email(), None))
b("T7", "saved-as-agendada", "always", 'Y si mi mamá me escribe por WhatsApp (la tengo agendada como "Mamá"), avisame '
  'siempre.', True, P(chat("Mamá", "+598 99 000 001", "¿Venís?"), N), P(other_chat(), None))
b("T7", "la-de", "always", "Cuando me escriba Rosa, la de la gestoría Fiscalia Asesores.", True,
  P(email("Rosa Prieto", "rosa@fiscalia-asesores.example", "IVA", "x"), N),
  P(email("Fiscalia Asesores", "info@fiscalia-asesores.example", "Boletín", "x"), None, "the firm is not Rosa"))
b("T7", "socio-en-el-despacho", "always", "Correos de Rodrigo Ibarra, mi socio en el despacho", True,
  P(email("Rodrigo Ibarra", "ribarra@despacho.example", "Audiencia", "x"), N), P(other_email(), None))
b("T7", "name-with-article", "always", "Correos de nuestro proveedor de carne, Distribuidora El Encino (escriben desde "
  "@elencino.com.mx).", True,
  P(email("Ventas", "ventas@elencino.com.mx", "Pedido", "x"), N),
  P(email("Distribuidora Norte", "hola@distnorte.example", "Pedido", "x"), None, "one firm, never 'Distribuidora'"))
b("T7", "uber-is-a-brand", "never", "Avisos de Rappi, Uber Eats o DiDi Food", True,
  P(email("Uber Eats", "noreply@ubereats.example", "Tu pedido", "x"), S),
  P(email("Rappi", "avisos@rappi.example", "Tu pedido", "x"), S), P(other_email(), None))
b.no("T7", "two-senders-no-or", "always", "correos de Distribuidora el Encino")
b("T7", "examples-after-como", "never", "Reuniones recurrentes como el daily", True,
  P(event("Retro", rrule=weekly), S), P(other_event(), None))
b.no("T7", "one-of-mine", "never", "Newsletters de Idealista y Fotocasa, salvo que mencionen una de mis propiedades.")
b("T10", "catch-all-arriba", "custom", "Si no entra en nada de lo de arriba, no me avises.", True,
  P(other_email(), S), catch_all=True)
b("T7", "no-me-importan", "custom", "No me importan las promociones", True,
  P(promo("Zara", "zara.example"), S), P(other_email(), None))
b("T11", "only-window-after-colon", "custom", "Mensajes de +34 612 345 678: entre semana, solo de 9 a 18 h", True,
  P(chat("Rosa", "+34 612 345 678", "¿Hablamos?"), N, "a weekday at 10:00", at="2026-03-11 10:00"),
  P(chat("Rosa", "+34 612 345 678", "¿Hablamos?"), H, "a weekday at 20:00", at="2026-03-11 20:00",
    until="2026-03-12 09:00"))
b("T7", "emphasis-narrows-nothing", "always", "Todo lo de la inmobiliaria Casas Brisa, sobre todo si habla de la fianza",
  True,
  P(email("Casas Brisa", "info@casasbrisa.example", "Visita del jueves", "x"), N, "no es una condición"),
  P(other_email(), None))
b("T11", "rest-released-at", "custom",
  "De 22:00 a 7:00 no me molestes con nada, salvo WhatsApps de Marta; lo demás, a primera hora", True,
  P(other_email(), H, "de noche", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(chat("Marta", "+34 600 222 333", "¿Estás?"), N, "la excepción", at="2026-03-11 23:00"),
  P(other_email(), None, "de día"))
b("T7", "not-even-if-widens-nothing", "never", 'El grupo "Padel Martes", ni siquiera si me etiquetan', True,
  P(chat("Rober", "+34 611 000 111", "@yo ¿juegas?", group=True, chat_name="Padel Martes", mentions=("me",)), S),
  P(other_chat(), None))
b("T7", "amount-with-importe-superior", "always", "Facturas con importe superior a 1.000 €", True,
  P(email("Suministros Norte", "admin@sumnorte.example", "Factura 2026-118", "Importe total: 1.450,00 €"), N),
  P(email("Suministros Norte", "admin@sumnorte.example", "Factura 2026-119", "Importe total: 300,00 €"), None,
    "por debajo"))
b("T7", "mentions-noun", "always", "Menciones en el grupo 'Reforma Calle Mayor 12'", True,
  P(chat("Paco", "+34 611 222 333", "@Lucía ¿vienes?", group=True, chat_name="Reforma Calle Mayor 12",
         mentions=("me",)), N),
  P(chat("Paco", "+34 611 222 333", "mañana yeso", group=True, chat_name="Reforma Calle Mayor 12"), None))
b("T7", "finde-is-weekend", "never", "El finde no me avises de correos de @oficina-norte.es", True,
  P(email("Oficina Norte", "equipo@oficina-norte.es", "Turnos", "x"), ("skip", "hold"), "sábado",
    at="2026-03-14 11:00"),
  P(email("Oficina Norte", "equipo@oficina-norte.es", "Turnos", "x"), None, "miércoles"))
b.no("T7", "category-of-what", "custom", "ofertas de compra de más de 300.000 € avísame aunque sea domingo")
b.no("T7", "other-groups", "custom", "Otros grupos de WhatsApp: solo si me mencionan con @")
b.no("T7", "rest-of-what", "custom", "Si alguien me menciona, avísame; lo demás no.")

# --- found by sealed probes, session of 2026-12-01 -------------------------------------------------------------
b("T7", "group-name-with-weekday", "always", "Cuando me mencionen en el grupo Pádel Domingos", True,
  P(chat("Rafa", "+34 611 000 111", "@Lucía ¿juegas?", group=True, chat_name="Pádel Domingos", mentions=("me",)), N,
    "un miércoles: el nombre del grupo no es un día"),
  P(chat("Rafa", "+34 611 000 111", "@Lucía ¿vienes?", group=True, chat_name="Pádel Martes", mentions=("me",)), None))
b("T7", "amount-yes-the-rest-no", "custom", "Facturas de más de 500 € sí, las demás no", True,
  P(email("Talleres Gil", "admin@talleresgil.example", "Factura F-12", "Importe: 800,00 €"), N),
  P(email("Talleres Gil", "admin@talleresgil.example", "Factura F-13", "Importe: 120,00 €"), S))
b.no("T7", "negated-condition", "custom", "Si no me mencionan, nada")
b("T11", "weekend-only-one-person", "custom", "Los fines de semana solo lo de Ana", True,
  P(chat("Ana", "+34 622 000 222", "¿Comemos?"), N, "sábado", at="2026-03-14 11:00"),
  P(other_email(), H, "sábado, otro", at="2026-03-14 11:00"),
  P(other_email(), None, "miércoles"))
b("T7", "number-then-who-it-is", "always", "WhatsApp del +34 612 48 93 07, es el fontanero de la comunidad", True,
  P(chat("+34 612 48 93 07", "+34 612 48 93 07", "Mañana paso"), N), P(other_chat(), None))
b("T7", "only-in-copy-voy", "never", "Correos en los que solo voy en copia", True,
  P(cc_only("Marta Gil", "marta@gil.example", "Acta"), S),
  P(email("Marta Gil", "marta@gil.example", "Pregunta", "x"), None, "en Para"))
b("T11", "keep-object-until-day", "custom",
  "Los fines de semana, guárdame los correos de @talleresmartinez.example hasta el lunes a las 8", True,
  P(email("Talleres Martínez", "taller@talleresmartinez.example", "Cita", "x"), H, "sábado",
    at="2026-03-14 11:00", until="2026-03-16 08:00"),
  P(email("Talleres Martínez", "taller@talleresmartinez.example", "Cita", "x"), None, "miércoles"))
b("T7", "either-way-kinds-and-a-title", "always",
  "Cualquier correo o mensaje de la Enf.ª Graça Pimentel, mi jefa (gpimentel@hsvicente.example).", True,
  P(email("Graça Pimentel", "gpimentel@hsvicente.example", "Turno", "x"), N),
  P(chat("Graça Pimentel", "+351 910 000 444", "Amanhã?"), N, "el mensaje también"),
  P(chat("Enf", "+351 910 000 555", "Olá"), None, "el título no es nadie"))
b.no("T7", "label-before-calendar-if", "custom",
     'Turnos: si hoy se añade a mi calendario un evento con "Turno" en el título que empieza en las próximas 24 '
     "horas, avísame.")
b("T7", "rest-of-the-group-not", "custom",
  'Grupo "Staff El Comal": solo avísame si alguien me etiqueta con @. Lo demás del grupo no me importa.', True,
  P(chat("Chuy", "+52 33 0000 1111", "@Lucía ¿abres tú?", group=True, chat_name="Staff El Comal", mentions=("me",)), N),
  P(chat("Chuy", "+52 33 0000 1111", "ya llegué", group=True, chat_name="Staff El Comal"), S))
b("T7", "apposition-with-del", "always", "Cualquier correo de Amparo Benlloch, la directora del departamento.", True,
  P(email("Amparo Benlloch", "abenlloch@uturia.example", "Consejo", "x"), N),
  P(email("Amparo Benlliure", "amparo@editorial.example", "Catálogo", "x"), None, "otra Amparo"))
b("T7", "not-even-these-senders", "never", "nada de newsletters ni promos, tampoco las de Mercado Libre", True,
  P(newsletter("Mercado Libre", "mercadolibre.example"), S), P(newsletter("Gartenwelt", "gartenwelt.example"), S),
  P(other_email(), None))
b("T7", "cancel-subjunctive", "always", "Por favor, avíseme siempre que se cancele una cita de mi calendario.", True,
  P(event("Cita dentista", status="CANCELLED", modified_ago=hours(1)), N), P(event("Cita dentista"), None))
b("T7", "also-theirs-in-brackets", "never", "Promociones, newsletters y publicidad (también las de las fincas)", True,
  P(newsletter("Hacienda El Olivar", "haciendaelolivar.example"), S), P(promo("Zapatos Lola", "zapatoslola.example"), S),
  P(other_email(), None))
b("T7", "tell-me-anyway", "custom", "Si mi jefe Andrés escribe en fin de semana, avísame igualmente", True,
  P(chat("Andrés", "+34 633 000 333", "¿Lo miras?"), N, "sábado", at="2026-03-14 11:00"),
  P(chat("Andrés", "+34 633 000 333", "¿Lo miras?"), None, "miércoles"))
b("T7", "new-meetings-they-put-for-today", "always", "Reuniones nuevas que me pongan para hoy", True,
  P(event("Reunión", start_in=hours(4), created_ago=hours(1)), N), P(event("Reunión", start_in=hours(4)), None))
b("T7", "group-where-mentioned", "always", "Mensajes del grupo 'Cooperativa Olivar del Sur' donde me mencionen", True,
  P(chat("Pepe", "+34 644 000 444", "@Lucía ¿vienes?", group=True, chat_name="Cooperativa Olivar del Sur",
         mentions=("me",)), N),
  P(chat("Pepe", "+34 644 000 444", "buenos días", group=True, chat_name="Cooperativa Olivar del Sur"), None))
b("T7", "added-for-today-or-tomorrow", "always", "Eventos nuevos que me añadan al calendario para hoy o mañana", True,
  P(event("Visita", start_in=hours(20), created_ago=hours(1)), N), P(event("Visita", start_in=days(3), created_ago=hours(1)), None))
b("T11", "whose-number-said-after", "custom",
  "De 23:00 a 7:30 guárdame todo para la mañana, menos lo que venga de la residencia de mi padre (+56 2 2873 4410)",
  True, P(chat("+56 2 2873 4410", "+56 2 2873 4410", "Su padre está bien"), N, "la residencia, de noche",
          at="2026-03-12 00:00"),
  P(chat("Papá", "+34 655 000 555", "¿Duermes?"), H, "el padre mismo no es la residencia", at="2026-03-12 00:00",
    until="2026-03-12 07:30"))
