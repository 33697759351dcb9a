"""Spanish phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("v+", "avises|me avises|avisen|me avisen|notifiques|me notifiques|informes|me informes|avisarme|avisame")
    add("v-", "perder|perderme|perderse|pierda|pierdas|ignores|silencies|bloquees")
    add("negv", "dejes de|dejar de|deje de|dejen de|deja de|dejan de")  # "nunca dejes de avisarme": not stop = do
    add("neg", "no hace falta que|no hace falta|no necesito que|no necesito")
    add("f", "quiero|quisiera|me gustaria|necesito")
    add("msgverb", "me escriba|me escriban|escriba|escriban|escribe|escriben|me mande|me manden|manda|mandan|envia|"
                   "envian|mande|manden|envie|envien", EW)
    add("v+", "me mandes|mandame|me mandas|me envies|enviame")
    add("v+", "me lo dices|me lo cuentas|me lo avisas|me lo pasas|me lo mandas|dimelo|me los dices|me las dices")  # said to the assistant: "no me mandes nada"
    add("from", "desde")
    add("except", "pero no|pero ningun|pero ninguna|pero nada de|aunque no")
    add("ident", "dominio|el dominio|numero|el numero|direccion|la direccion|direccion del remitente|"
                 "la direccion del remitente|remitente|el remitente|contacto|el contacto")
    add("f", "termina en|terminan en|acaba en|acaban en|alguien|alguno")
    add("unsaved", "numeros que no estan en mis contactos|numeros que no tengo guardados|"
                   "numeros que no estan guardados|numeros no guardados")
    add("from", "que llegue de|que llegue del|que llegan de|que llega de|que llega del|que venga de|que venga del|"
                "que viene de|que viene del|llegue de|llegue del|venga de|venga del|viene de|viene del")
    add("about", "que hablen de|que hablen del|que hable de|que hable del|hablen de|hablen del|que traten de|"
                 "que trate de|que traten del|que trate del|traten de|traten del")
    add("mention", "me mencione|me etiquete|me etiquetan|me etiqueta|me marque|me marquen")
    add("group", "individual|individuales|chats individuales|conversaciones individuales", False)
    add("kind", "conversacion|conversaciones", EW)
    add("cat", "mensajes de ausencia|respuestas de ausencia|respuesta de ausencia|respuestas automaticas de ausencia",
        "autoreply")
    add("cat", "boletines informativos|boletin informativo", "newsletter")
    add("recur", "que se repita|que se repitan|que se repite|que se repiten|se repite|se repiten")
    add("whether", "sea|ya sea")
    add("rest", "ninguna de las reglas anteriores|ninguna de las reglas de arriba|ninguna regla|"
                "ninguna de las anteriores")
    add("neg", "sin notificaciones|sin avisos|sin alertas")
    add("subjv", "el asunto contiene|el asunto dice|el asunto lleva|el asunto tiene|el asunto incluye|"
                 "el asunto menciona|asunto contiene|asunto dice|asunto lleva")
    add("concfull", "los mande quien los mande|lo mande quien lo mande|las mande quien las mande|"
                    "lo envie quien lo envie|sea quien sea el remitente|sea quien sea|quien sea el remitente")
    add("between", "desde|desde las")
    add("neg", "horas de silencio|horario de silencio|silencio|modo silencio|no molestar")
    add("v+", "verlas|verlos|verla|verlo|quiero verlas|quiero verlos|las quiero ver|los quiero ver")
    add("concfull", "da igual quien los envie|da igual quien las envie|da igual quien lo envie|da igual quien los mande|"
                    "da igual quien lo mande|no importa quien los envie|no importa quien lo envie|no importa quien|"
                    "sin importar quien los envie|los envie quien los envie|vengan de quien vengan")
    add("keep", "guardamelo|guardamelos|guardamela|guardamelas|guardalo|guardalos|guardala|guardalas|"
                "lo que haya pendiente|lo pendiente|lo que llegue|lo que quede pendiente")
    add("v+", "me lo ensenas|me los ensenas|me las ensenas|ensenamelo|ensenamelos|me lo muestras|me los muestras|"
              "muestramelo|muestramelos|despertarme|me despierte|me despierten|despertar")
    add("f", "pueden|puede|podran")
    add("notice", "alarma|alarmas")
    add("my", "nuestro|nuestra|nuestros|nuestras")
    add("emph", "me los se de memoria|me las se de memoria|los conozco de memoria|las conozco de memoria")
    add("created", "se anade|se anaden|se agrega|se agregan|se crea|se crean|se ha anadido|se han anadido|"
                   "que se anada|que se anadan")
    add("savedas", "esta como|esta guardada como|esta guardado como|aparece como|la tengo como|lo tengo como|"
                   "la tengo guardada como|lo tengo guardado como")
    add("created", "agregado|agregados|agregada|agregadas|anadido|anadidos|anadida|anadidas")
    add("v+", "me lo mostras|me los mostras|mostrame|mostramelo|muestramelo|me lo muestras|ensenamelo|ensename|"
              "recuerdes|me las recuerdes|me los recuerdes|me lo recuerdes|recordarme|recuerdame")
    add("v-", "silencialas|silencialos|silenciala|silencialo|silencialas del todo|silencialos del todo")
    add("f", "del todo|asi que|lo mismo para|lo mismo vale para")
    add("emph", "ya las tengo en la cabeza|ya los tengo en la cabeza|ya lo tengo en la cabeza|ya la tengo en la cabeza")
    add("savedas", "la tengo agendada como|lo tengo agendado como|agendada como|agendado como|guardada como|"
                   "guardado como")
    add("concfull", "pase lo que pase")
    add("v-", "fuera|silencias|silencia|silencies|silencialos")
    add("v+", "interesan|me interesan|interesa|me interesa")
    add("from", "vengan de|venga de|vienen de|viene de|que vengan de|que venga de")
    add("emph", "esos no pueden esperar|eso no puede esperar|no pueden esperar|no puede esperar")
    add("f", "de todo tipo|de cualquier tipo|de todos los tipos|de toda clase|de cualquier clase|de toda indole|sean del tipo que sean")  # "newsletters of any kind": says no more than "newsletters"
    add("keep", "guardame|guardame los|guardame las|guardame todo|guardamelos todos")
    add("concfull", "sean de quien sean|vengan de donde vengan|sea quien sea el remitente")
    add("cancelled", "se cancele|se cancelen|cancele|cancelen|se cancela|se cancelan|se anule|se anulen")
    add("subjv", "cuyo asunto contenga|cuyo asunto contiene|cuyo asunto tenga|con asunto que contenga")
    add("created", "que me pongan|me pongan|me ponen en el calendario|me pongan en el calendario|que me agreguen|"
                   "me agreguen")
    add("created", "que me anadan|me anadan|anadan|que anadan|se anadan|que se anadan")
