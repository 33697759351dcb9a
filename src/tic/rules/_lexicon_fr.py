"""French phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("from", "qui vient de|qui vient d'|qui vient du|qui viennent de|qui viennent d'|qui viennent du|vient de|"
                "vient d'|vient du|viennent de|viennent d'|viennent du|venant de|venant d'|venant du|envoye par|"
                "envoyes par|envoyee par|envoyees par")
    add("v-", "manquer|rater|rate|rates|manque|manques")
    add("kind", "sur whatsapp|sur le whatsapp", W)  # the channel, not a topic ("ou sur WhatsApp")
    add("neg", "pas besoin de|pas besoin|aucun besoin de")
    add("f", "veux|voudrais|souhaite|faut|il faut|il|je")
    add("except", "mais pas|mais pas pour|mais pas de|mais pas les|mais aucun|mais aucune|mais jamais")
    add("ident", "domaine|le domaine|numero|le numero|adresse|l'adresse|adresses|les adresses|adresses en|"
                 "adresse en|expediteur|l'expediteur|contact|le contact")
    add("f", "se termine par|se terminent par|finit par|finissent par|termine par|quelqu'un|on")
    add("unsaved", "numeros qui ne sont pas dans mes contacts|numeros qui ne sont pas enregistres|"
                   "numeros non enregistres")
    add("from", "qui vient de|qui vient du|qui viennent de|qui viennent du|vient de|vient du|viennent de|"
                "viennent du|qui arrive de|qui arrive du|arrive de|arrive du")
    add("org", "tout le monde chez|tout le monde de|tous ceux de|tous ceux chez|les gens chez")
    add("about", "qui concerne|qui concernent|concerne|concernent|qui citent|qui cite|citent|cite|qui parlent de|"
                 "qui parle de|parlent de|parle de|qui mentionne|qui mentionnent|mentionne|mentionnent")
    add("mention", "me tague|me taguent|me tagge|me taggent|me marque|me mentionne|me mentionnent")
    add("group", "individuel|individuels|individuelle|individuelles|conversations individuelles", False)
    add("kind", "conversation|conversations", EW)
    add("cat", "reponses automatiques d'absence|reponse automatique d'absence|messages d'absence|"
               "reponses d'absence", "autoreply")
    add("cat", "recapitulatif|recapitulatifs|recap|recaps|synthese|syntheses", "digest")
    add("v-", "mets en sourdine|mettre en sourdine|mettez en sourdine|mets en silencieux|coupe le son|"
              "couper le son")
    add("unless", "sauf s'|sauf s'il|sauf s'ils|sauf s'elle|sauf s'elles|a moins qu'on|a moins qu'il|"
                  "a moins qu'ils")
    add("within", "dans|dans les|dans l'")
    add("allday", "qui durent toute la journee|qui dure toute la journee|durent toute la journee|"
                  "dure toute la journee|sur toute la journee")
    add("f", "ceux|celles|ceux qui|celles qui|ceux-ci|celles-ci")
    add("whether", "que ce soit|qu'ils soient|qu'il soit|soit")
    add("rest", "aucune des regles ci-dessus|aucune des regles precedentes|aucune regle|aucune des regles|"
                "rien ne s'applique|aucune des regles plus haut")
    add("f", "ne s'applique|s'applique|s'appliquent|ci-dessus")
    add("subjv", "l'objet contient|l'objet dit|l'objet mentionne|l'objet comporte|le sujet contient|"
                 "l'objet du mail contient|objet contient")
    add("neg", "mode silencieux|heures de silence|silence|ne pas deranger")
    add("f", "c'est|si c'est|c'")
    add("v+", "voir|les voir|la voir|le voir|je veux les voir|je veux le voir|je veux la voir")
    add("concfull", "peu importe qui les envoie|peu importe qui l'envoie|peu importe qui les ecrit|"
                    "qui que ce soit qui les envoie|peu importe de qui ils viennent|peu importe de qui elles viennent|"
                    "d'ou qu'ils viennent|d'ou qu'elles viennent|quel que soit l'expediteur")
    add("keep", "garde-les|garde-le|garde-la|garde-les-moi|garde-le-moi|garde-la-moi|ce qui arrive|"
                "ce qui est en attente|ce qui attend|tout ce qui arrive")
    add("v+", "montre-les-moi|montre-le-moi|tu me les montres|tu me le montres|montre-moi|me reveiller|reveiller")
    add("f", "peuvent|peut|pourront")
    add("only", "seules|seuls|seule|seul")
    add("notice", "alarme|alarmes")
    add("my", "notre")
    add("emph", "je les connais par coeur|je le connais par coeur|je la connais par coeur|je connais par coeur|"
                "je les connais par cœur|je le connais par cœur|je la connais par cœur|je connais par cœur")
    add("kind", "cours", C)
    add("created", "qui ont ete ajoutes|qui ont ete ajoutees|qui a ete ajoute|qui a ete ajoutee|ont ete ajoutes|"
                   "ont ete ajoutees|a ete ajoute")
    add("recur", "hebdo|hebdos|hebdomadaire|hebdomadaires", "WEEKLY")
    add("concfull", "peu importe qui ecrit|peu importe qui m'ecrit|peu importe l'expediteur|quel que soit "
                    "l'expediteur|qui que ce soit|peu importe qui")
    add("v-", "laisse tomber|laissez tomber|laisse courir|laissez courir")
    add("negv", "oubliez pas de|oublie pas de|oubliez de|oublie de|oublier de")
    add("concfull", "quoi qu'il arrive|quoiqu'il arrive")
    add("f", "la meme chose pour|pareil pour|idem pour")
    add("neg", "pas la peine|c'est pas la peine|ce n'est pas la peine")
    add("org", "toute personne du|toute personne de|toute personne chez|n'importe qui chez|quiconque chez")
    add("v+", "prevenez|prevenez-moi|me prevenez")
    add("v+", "en savoir|avertis|m'avertis|avertissez|m'avertir|avertir|interessent|m'interessent|interesse")
    add("keep", "gardes|tu gardes|garde-les|garde tout|gardes tout")
    add("v+", "dis-le-moi|dites-le-moi|dis-moi|dites-moi")
    add("keep", "tout attend|tout attendra|attendra|attendront")
    add("whether", "qu'ils arrivent|qu'il arrive|qu'elles arrivent|qu'elle arrive")
    add("f", "de tout genre|de tous genres|en tout genre|en tous genres|de toutes sortes|de tout type|de tous types|de toute sorte|quels qu'ils soient|quelles qu'elles soient")  # "newsletters of any kind": says no more than "newsletters"
    add("keep", "garder|gardez|garder tout|gardez tout|garde|mets de cote|mettre de cote|mets-les de cote")
    add("v+", "notifier|me notifier|m'en notifier|etre notifie|etre notifiee")  # "tout le reste : ne pas me notifier"
    add("keep", "mets tout en attente|mets en attente|mettre en attente|mettre tout en attente|mettez en attente|"
                "mettez tout en attente")
    add("changed", "modifiee|modifiees|modifie|modifies|deplacee|deplacees|deplace|deplaces|reportee|reportees|reporte")
    add("msgverb", "ecrit|ecrivent|m'ecrit|m'ecrivent|qui ecrit|qui m'ecrit", ("email", "whatsapp"))
    add("from", "envoye depuis|envoyes depuis|envoyee depuis|envoyees depuis|depuis une adresse|depuis l'adresse|"
                "depuis les adresses|qui part de|partant de")
    add("from", "envoye depuis une adresse|envoyes depuis une adresse|envoye depuis l'adresse|envoyes depuis l'adresse")
    add("mention", "on m'identifie|m'identifie|m'identifient|on m'identifie avec @|m'identifie avec @|"
                   "m'identifient avec @")
    add("v+", "passent|passent quand meme|passe quand meme|peuvent passer|passent toujours|passe toujours")
    add("mention", "me tag|me tague|me taguent|me tagguent|me taggue|me taggent|me tagge")
    add("v+", "etre derange|etre derangee|etre deranges|etre derangees|etre prevenu|etre prevenue|etre notifie|"
              "etre notifiee|etre averti|etre avertie")
    add("f", "souhaite|souhaiterais|souhaitons|veux|voudrais")
    add("v+", "rappelle-moi|rappelez-moi")
    add("judge", "urgent|urgents|urgente|urgentes")  # "Les messages urgents": what is urgent needs judgement
