"""French rule sentences and what they mean (issue 7, item 8)."""

from __future__ import annotations

from tests.rules.bank._probe import (
    cc_only, in_my_thread, Person, LOCAL_TODAY_ONLY, Bank, H, N, P, S, autoreply, chat, daily, days, digest, email, event, hours, list_post,
    minutes, monthly, newsletter, other_chat, other_email, other_event, promo, receipt, social, weekly,
)

b = Bank("fr")

camille = email("Camille Lefèvre", "camille.lefevre@free.fr", "Dîner samedi ?", "Tu es libre ?")
camille_wa = chat("Camille Lefèvre", "+33 6 11 22 33 44", "Je suis en bas")
boulangerie = chat("Boulangerie Camille", "+33 4 78 00 11 22", "Votre commande est prête")
antoine = email("Antoine Roussel", "a.roussel@roussel-notaires.fr", "Acte de vente", "Voici le projet d'acte.")
antoine_wa = chat("Antoine Roussel", "+33 6 55 66 77 88", "Tu peux m'appeler ?")
rousseau = email("Antoine Rousseau", "antoine@rousseau.example", "Acte", "x")
gilles = email("Gilles Marchand", "gilles@marchand-assurances.example", "Votre contrat", "Une offre pour vous.")

# --- expéditeurs par nom ---------------------------------------------------------------------------------
b("T7", "sender", "always", "Camille Lefèvre", True,
  P(camille, N), P(camille_wa, N), P(boulangerie, None, "une boulangerie nommée Camille"),
  P(email("Camille Lefort", "c.lefort@example.fr", "Salut", "x"), None, "nom voisin"))
b("T7", "sender", "always", "Les mails d'Antoine Roussel", True,
  P(antoine, N), P(antoine_wa, None, "WhatsApp n'est pas un mail"), P(rousseau, None, "Rousseau n'est pas Roussel"))
b("T7", "sender", "custom", "Préviens-moi toujours quand Camille Lefèvre m'écrit", True,
  P(camille, N), P(camille_wa, N), P(boulangerie, None), P(other_email(), None))
b("T7", "polarity", "custom", "Je ne veux manquer aucun message d'Antoine Roussel", True,
  P(antoine, N, "ne manquer aucun = prévenir"), P(antoine_wa, N), P(rousseau, None))
b("T7", "polarity", "custom", "N'ignore pas les mails de Camille Lefèvre", True,
  P(camille, N, "n'ignore pas = prévenir"), P(camille_wa, None))
b("T7", "polarity", "custom", "Il ne faut jamais que je rate un mail d'Antoine Roussel", False,
  P(antoine, N, "double négation = prévenir"), P(antoine_wa, None), P(other_email(), None))
b("T7", "sender", "never", "Les e-mails de Gilles Marchand", True, P(gilles, S), P(antoine, None))
b("T7", "polarity", "custom", "Pas besoin de me prévenir pour les messages de Gilles Marchand", False,
  P(gilles, S), P(chat("Gilles Marchand", "+33 6 00 99 88 77", "Bonjour"), S), P(antoine, None))

# --- organisations et domaines ---------------------------------------------------------------------------
durand = email("Luc Martin | Menuiserie Durand", "luc.martin@menuiserie-durand.fr", "Pose des fenêtres",
               "On peut poser jeudi.")
b("T7", "org", "always", "Tout le monde chez Menuiserie Durand", True,
  P(durand, N), P(newsletter("Menuiserie Durand", "menuiserie-durand.fr"), N, "cette règle seule"),
  P(email("Durand Immobilier", "contact@durand-immo.example", "Estimation", "x"), None, "autre société"))
b("T7", "exception", "always", "Tous les mails du cabinet Vasseur & Associés, sauf leurs newsletters", True,
  P(email("Me Claire Vasseur", "c.vasseur@vasseur-associes.fr", "Votre dossier", "x"), N),
  P(newsletter("Vasseur & Associés", "vasseur-associes.fr"), S, "l'exception"),
  P(newsletter("Jardins de France", "jardinsdefrance.example"), None))
b("T7", "exception", "custom", "Préviens-moi pour les mails de la Librairie Kléber, mais pas pour leurs promotions", True,
  P(email("Librairie Kléber", "commandes@librairie-kleber.fr", "Votre commande est arrivée", "x"), N),
  P(promo("Librairie Kléber", "librairie-kleber.fr"), S), P(promo("Jardins de France", "jardinsdefrance.example"), None))
b("T7", "domain", "always", "Les adresses en @mairie-annecy.fr", True,
  P(email("État civil", "etat-civil@mairie-annecy.fr", "Rendez-vous", "x"), N),
  P(email("État civil", "etat-civil@mairie-annecy.com", "Rendez-vous", "x"), None, "autre domaine"))
b("T7", "domain", "never", "Tout ce qui vient du domaine bonsplans.fr", True,
  P(email("Bons Plans", "hello@bonsplans.fr", "Les bons plans", "x"), S),
  P(email("Bons Plans", "hello@bonsplans.be", "Les bons plans", "x"), None))
b("T7", "domain", "custom", "Si l'adresse se termine par univ-lyon2.fr, préviens-moi", True,
  P(email("Scolarité", "scolarite@univ-lyon2.fr", "Inscription", "x"), N),
  P(email("Scolarité", "scolarite@univ-lyon3.fr", "Inscription", "x"), None))
b("T7", "address", "always", "factures@eau-grandlyon.fr", True,
  P(email("Eau du Grand Lyon", "factures@eau-grandlyon.fr", "Votre facture", "x"), N),
  P(email("Eau du Grand Lyon", "travaux@eau-grandlyon.fr", "Coupure", "x"), None))

# --- numéros, contacts, inconnus -------------------------------------------------------------------------
b("T7", "phone", "always", "Les WhatsApp du +33 6 12 34 56 78", True,
  P(chat("", "+33612345678", "C'est le plombier"), N), P(chat("", "+33612345679", "Bonjour"), None))
b("T7", "phone", "never", "Coupe le son pour le 06 98 76 54 32", False,
  P(chat("", "+33698765432", "Offre spéciale"), S, "06… = +33 6…"), P(chat("", "+33698765433", "salut"), None))
b("T7", "contact", "always", 'Mon père sur WhatsApp (enregistré comme "Papa")', True,
  P(chat("Papa", "+33 6 44 55 66 77", "Tu passes dimanche ?"), N),
  P(chat("Papa de Léo", "+33 6 10 20 30 40", "Tu récupères les enfants ?"), None, "une autre personne"),
  P(email("Papa", "papa@example.fr", "Photos", "x"), None, "WhatsApp seulement"))
b("T7", "unsaved", "never", "Les messages de numéros qui ne sont pas dans mes contacts", True,
  P(chat("", "+33700000111", "Vous avez gagné"), S), P(camille_wa, None), P(camille, None))
b("T7", "exception", "custom", "Numéros inconnus : ne me préviens pas, sauf s'ils parlent de mon colis", False,
  P(chat("", "+33700000222", "Votre colis arrive aujourd'hui"), N), P(chat("", "+33700000223", "Bonjour"), S),
  P(camille_wa, None))

# --- types de mail ---------------------------------------------------------------------------------------
b("T7", "newsletter", "never", "Les newsletters et lettres d'information", True,
  P(newsletter("Jardins de France", "jardinsdefrance.example"), S), P(other_email(), None))
b("T7", "marketing", "never", "La pub et les promotions", True,
  P(promo("Jardins de France", "jardinsdefrance.example"), S), P(other_email(), None))
b("T7", "digest", "never", "Les rapports automatiques et les récapitulatifs", True,
  P(digest("Pennylane", "pennylane.com"), S), P(other_email(), None))
b("T7", "social", "never", "Les notifications de Facebook et d'Instagram", True,
  P(social("facebook"), S), P(social("instagram"), S), P(social("linkedin"), None, "pas nommé"))
b("T7", "social", "custom", "Coupe toutes les notifications des réseaux sociaux", True,
  P(social("facebook"), S), P(social("x"), S), P(other_email(), None))
b("T7", "receipt", "never", "Les reçus et les avis d'expédition", True,
  P(receipt("Fnac", "fnac.com"), S), P(other_email(), None))
b("T7", "list", "never", "Les listes de diffusion", True,
  P(list_post("debian-user-french", "debian-user-french@lists.debian.example", "Marc", "marc@x.example",
              "Question apt"), S), P(other_email(), None))
b("T7", "autoreply", "never", "Les réponses automatiques d'absence", True,
  P(autoreply("Antoine Roussel", "a.roussel@roussel-notaires.fr", "Réponse automatique : absent jusqu'au 16 mars"), S),
  P(antoine, None))

# --- discussions -----------------------------------------------------------------------------------------
grp = chat("Mehdi", "+33 6 10 00 00 01", "Qui fait les courses ?", group=True, chat_name="Colocs Croix-Rousse")
grp_me = chat("Mehdi", "+33 6 10 00 00 01", "@Lucía tu fais les courses ?", group=True,
              chat_name="Colocs Croix-Rousse", mentions=("me",))
grp_name = chat("Mehdi", "+33 6 10 00 00 01", "Lucía, tu fais les courses ?", group=True,
                chat_name="Colocs Croix-Rousse")
club = chat("Sandrine", "+33 6 10 00 00 02", "Entraînement annulé", group=True, chat_name="Club de hand Villeurbanne")
b("T7", "group", "custom", "Groupes WhatsApp : préviens-moi seulement si on me mentionne avec @", True,
  P(grp_me, N), P(grp, S), P(grp_name, S, "prénom tapé, pas une mention"), P(camille_wa, None))
b("T7", "group", "custom", "Ne me préviens pas des messages de groupe, à moins qu'on me tague", True,
  P(grp_me, N), P(grp, S), P(camille_wa, None), P(camille, None))
b("T7", "group", "always", "Les conversations WhatsApp individuelles", True,
  P(camille_wa, N), P(grp, None), P(camille, None))
b("T7", "group", "never", "Les groupes WhatsApp", True, P(grp, S), P(club, S), P(camille_wa, None))
b("T7", "chatname", "custom", 'Dans le groupe "Colocs Croix-Rousse", seulement si on me mentionne', True,
  P(grp_me, N), P(grp, S), P(club, None, "autre groupe"), P(camille_wa, None))
b("T7", "chatname", "never", 'Mets en sourdine le groupe "Club de hand Villeurbanne"', True,
  P(club, S), P(grp, None), P(chat("Sandrine", "+33 6 10 00 00 02", "Coucou"), None, "en privé"))
b("T7", "mention", "always", "Quand quelqu'un me mentionne avec @ dans un groupe", True,
  P(grp_me, N), P(grp_name, None), P(camille_wa, None))

# --- sujets, références, objet ---------------------------------------------------------------------------
b("T7", "topic", "always", "Tout ce qui concerne le chantier de la rue Mercière", True,
  P(email("Architecte", "agence@archi-lyon.example", "Chantier rue Mercière : planning", "x"), N),
  P(event("Réunion de chantier rue Mercière"), N),
  P(email("Resto Mercière", "resa@mercierebistro.example", "Votre table rue Mercière", "x"), None,
    "la rue, pas le chantier"))
b("T7", "ref", "custom", "Les mails qui citent le dossier DOS-55102 : toujours, peu importe l'expéditeur", True,
  P(email("", "greffe@tribunal.example", "Convocation", "Dossier DOS-55102 : audience"), N),
  P(email("", "greffe@tribunal.example", "Convocation", "Dossier DOS-55103 : audience"), None),
  P(event("Audience DOS-55102"), None, "mails seulement"))
b("T7", "subject", "custom", 'Les mails avec "devis" dans l\'objet : préviens-moi', True,
  P(email("Menuiserie Durand", "contact@menuiserie-durand.fr", "Devis fenêtres", "x"), N),
  P(email("Menuiserie Durand", "contact@menuiserie-durand.fr", "Visite", "Le devis suit."), None, "corps seulement"))

# --- agenda ----------------------------------------------------------------------------------------------
b("T9", "created", "always", "Les événements ajoutés aujourd'hui à l'agenda", True,
  P(event("Notaire", created_ago=hours(2)), N), P(event("Dentiste", created_ago=days(1)), None),
  P(event("Vol pour Nantes", created_ago=LOCAL_TODAY_ONLY), N, "aujourd'hui à Madrid, hier en UTC"))
b("T9", "created", "always", "Les nouveaux rendez-vous créés aujourd'hui qui commencent dans les 24 heures", True,
  P(event("Appel", created_ago=hours(1), start_in=hours(7)), N),
  P(event("Appel", created_ago=hours(1), start_in=days(3)), None),
  P(event("Appel", created_ago=days(2), start_in=hours(7)), None))
b("T9", "starts", "always", "Les réunions qui commencent dans moins de 2 heures", True,
  P(event("Point projet", start_in=minutes(45)), N), P(event("Point projet", start_in=hours(6)), None))
b("T9", "starts", "custom", "Ne me préviens pas des rendez-vous sauf s'ils commencent dans l'heure", True,
  P(event("Appel", start_in=minutes(50)), N), P(event("Appel", start_in=hours(3)), S), P(other_email(), None))
b("T7", "recurring", "never", "Les rappels des réunions hebdomadaires", True,
  P(event("Point équipe", rrule=weekly), S), P(event("Stand-up", rrule=daily), None), P(other_event(), None))
b("T7", "recurring", "never", "Tous les événements récurrents, quotidiens, hebdomadaires ou mensuels", True,
  P(event("Stand-up", rrule=daily), S), P(event("Point équipe", rrule=weekly), S),
  P(event("Loyer", rrule=monthly), S), P(other_event(), None))
b("T7", "allday", "never", "Les événements sur la journée entière", True,
  P(event("Férié", all_day=True), S), P(event("Point projet"), None))
b("T7", "exception", "always", "Les événements de l'agenda, sauf ceux qui durent toute la journée", True,
  P(event("Point projet"), N), P(event("Férié", all_day=True), S), P(other_email(), None))

# --- heures calmes ---------------------------------------------------------------------------------------
b("T11", "hold", "custom", "Pas de notifications entre 22h et 7h", True,
  P(other_email(), H, at="2026-03-11 22:10", until="2026-03-12 07:00"),
  P(other_chat(), H, at="2026-03-12 01:00", until="2026-03-12 07:00"),
  P(other_email(), None, at="2026-03-11 20:00"), P(other_email(), None, at="2026-03-12 08:00"))
b("T11", "hold", "custom", "Rien avant 9h en semaine", True,
  P(other_email(), H, at="2026-03-11 08:15", until="2026-03-11 09:00"),
  P(other_email(), None, "samedi", at="2026-03-14 08:15"), P(other_email(), None, at="2026-03-11 09:15"))
b("T11", "hold", "custom", "Mode silencieux de 23h à 7h, sauf si c'est Papa", False,
  P(chat("Papa", "+33 6 44 55 66 77", "Tu dors ?"), N, at="2026-03-11 23:45"),
  P(other_chat(), H, at="2026-03-11 23:45", until="2026-03-12 07:00"),
  P(chat("Papa", "+33 6 44 55 66 77", "Déjeuner ?"), None, at="2026-03-11 12:00"))

# --- tout le reste, canaux entiers -----------------------------------------------------------------------
b("T10", "catchall", "custom", "Si aucune des règles ci-dessus ne s'applique, ne me préviens pas", True,
  P(other_email(), S), P(other_chat(), S), P(other_event(), S), catch_all=True)
b("T10", "catchall", "custom", "Pour tout le reste, préviens-moi", True,
  P(other_email(), N), P(other_chat(), N), catch_all=True)
b("T7", "channel", "never", "Tout WhatsApp", True, P(camille_wa, S), P(grp, S), P(camille, None))
b("T7", "channel", "custom", "Coupe toutes les notifications de l'agenda", True, P(other_event(), S), P(camille, None))

# --- montants --------------------------------------------------------------------------------------------
b("T7", "amount", "always", "Les factures de plus de 200 €", False,
  P(email("Eau du Grand Lyon", "factures@eau-grandlyon.fr", "Facture F-31", "Montant : 263,50 €"), N),
  P(email("Eau du Grand Lyon", "factures@eau-grandlyon.fr", "Facture F-32", "Montant : 48,00 €"), None))

# --- illisible hors ligne --------------------------------------------------------------------------------
b.no("T7", "judgement", "always", "Tout ce qui est urgent venant de clients importants")
b.no("T7", "role", "always", "Les mails de mon comptable")
b("T7", "only-in-cc", "never", "Les mails où je suis seulement en copie", True,
  P(cc_only("Luc Morel", "luc@morel.example", "x"), S, "en copie"),
  P(email("Luc Morel", "luc@morel.example", "x", "x"), None, "destinataire"))
b("T7", "replies-in-my-thread", "always", "Les réponses aux fils de discussion que j'ai lancés", True,
  P(in_my_thread(email("Luc Morel", "luc@morel.example", "Re: Devis", "x")), N, "réponse dans mon fil"),
  P(email("Luc Morel", "luc@morel.example", "Devis", "x"), None, "nouveau fil"))
b.no("T7", "qualifier", "always", "Les messages vocaux de Papa")
b.no("T7", "qualifier", "always", "Les mails de Camille Lefèvre avec une pièce jointe")
b.no("T7", "qualifier", "custom", "Préviens-moi quand Antoine Roussel écrit plus de trois fois dans la journée")

# --- une exception reprise après elle ("sauf X : celles-là, je veux les voir"); exemples entre parenthèses ---
pronote_note = digest("Pronote", "pronote.example", "Nouvelle note saisie : contrôle de chimie")
pronote_conseil = digest("Pronote", "pronote.example", "Convocation : conseil de classe de la 2nde 3")
b("T7", "exception", "never", "Les notifications automatiques de Pronote (notes, absences…), sauf celles qui "
  "concernent un conseil de classe : celles-là, je veux les voir.", False,
  P(pronote_note, S), P(pronote_conseil, N, "l'exception, reprise"), P(other_email(), None))
b.no("T7", "exception", "never", "Les notifications automatiques de Pronote, sauf celles qui concernent un conseil "
     "de classe : celles-là, ignore-les aussi.")

# --- un sujet avec sa référence entre parenthèses, peu importe qui l'envoie ----------------------------------
b("T7", "topic", "custom", "Préviens-moi des mails sur le chantier Dubois (dossier DB-2026-44), peu importe qui les "
  "envoie.", False,
  P(email("Ana Costa", "ana@costa.example", "Devis", "Devis à imputer au dossier DB-2026-44."), N),
  P(chat("Ana Costa", "+33 6 12 34 56 78", "DB-2026-44 signé"), None, "les mails seulement"), P(other_email(), None))

# --- une exception de groupe dans une règle de groupes ("sauf le groupe X où je veux tous les messages") --------
b("T7", "group", "custom", "Groupes WhatsApp : seulement si on me tague, sauf le groupe « Famille » où je veux tous "
  "les messages.", False,
  P(chat("Papi", "+33 6 10 20 30 40", "dimanche midi ?", group=True, chat_name="Famille"), N, "tous les messages"),
  P(chat("Inès", "+33 6 50 60 70 80", "@moi tu viens ?", group=True, chat_name="Escalade", mentions=("me",)), N),
  P(chat("Inès", "+33 6 50 60 70 80", "qui vient ?", group=True, chat_name="Escalade"), S),
  P(other_chat(), None))

b("T11", "hold", "custom", "De 23h à 7h (heure de Paris), ne me dérange pas : garde-les-moi et montre-les-moi à 7h.",
  False,
  P(other_email(), H, at="2026-03-11 23:30", until="2026-03-12 07:00"), P(other_chat(), None, "en journée"))
b.no("T11", "hold", "custom", "De 23h à 7h (heure de Gerland), ne me dérange pas.")

b("T7", "sender", "always", "Les mails de Mme Lemaire, la proviseure.", False,
  P(email("Hélène Lemaire", "h.lemaire@lycee.example", "Conseil", "x"), N),
  P(email("Lemaire Immobilier", "contact@lemaire-immo.example", "Visite", "x"), None, "une agence à son nom"))
b("T7", "sender", "always", "Les messages WhatsApp de « Papa » (c'est le nom du contact).", False,
  P(chat("Papa", "+33 6 11 22 33 44", "tu rentres ?"), N), P(chat("Papa Pizza", "+33 4 78 00 00 00", "promo"), None))
b("T7", "sender", "always", "Les messages de ma fille, que j'ai enregistrée sous « Lou ».", False,
  P(chat("Lou", "+33 6 55 44 33 22", "coucou"), N), P(chat("Louise", "+33 6 55 44 33 11", "salut"), None))

b("T7", "recurring", "never", "Les cours et réunions récurrents (every week, je les connais par cœur).", False,
  P(event("TP chimie", rrule=weekly, start_in=hours(3)), S), P(other_event(), None))

CASES = b.cases

# found on fresh cases (first runs)
b("T7", "hebdo", "never", "Les réunions hebdo récurrentes", True,
  P(event("Point équipe", rrule=weekly), S), P(other_event(), None))
b("T7", "whoever", "custom", "Mails concernant le dossier CNPS n° 2026-0457 : toujours, peu importe qui écrit", True,
  P(email("CNPS", "dossiers@cnps.example", "Dossier 2026-0457", "Pièces manquantes"), N),
  P(email("CNPS", "dossiers@cnps.example", "Dossier 2026-0475", "Pièces manquantes"), None))
b("T7", "at-sign-aside", "custom", "Groupes WhatsApp : seulement si on me tague (@)", True,
  P(chat("Luc", "+33 6 00 00 00 01", "@toi ?", group=True, chat_name="Pharma", mentions=("me",)), N),
  P(chat("Luc", "+33 6 00 00 00 01", "salut", group=True, chat_name="Pharma"), S))
b("T3", "area-heading-dont", "custom", "Les mails de dupont-associes.fr dont l'objet contient « réclamation »", True,
  P(email("Paul Dupont", "paul@dupont-associes.fr", "Réclamation client 12", "x"), N),
  P(email("Paul Dupont", "paul@dupont-associes.fr", "Devis", "réclamation"), None))
b("T7", "maitre", "always", "Les mails de mon avocat, Maître Dubois", True,
  P(email("Jean Dubois", "j.dubois@avocats.example", "Audience", "x"), N), P(other_email(), None))
b("T7", "reason-aside", "custom", "Groupes WhatsApp : jamais, sauf le groupe « Marché de Noël Flagey » (j'y tiens un "
  "stand, je veux tout voir).", True,
  P(chat("Léa", "+32 470 00 00 01", "Qui ouvre ?", group=True, chat_name="Marché de Noël Flagey"), N),
  P(chat("Léa", "+32 470 00 00 01", "Qui ouvre ?", group=True, chat_name="Voisins"), S))
b("T7", "description-after-verb", "always", "Préviens-moi chaque fois que Bastien Moreau m'écrit (c'est mon galeriste).",
  True, P(email("Bastien Moreau", "bastien@galerie.example", "Expo", "x"), N), P(other_email(), None))
b("T7", "pas-la-peine", "custom", "Les paiements de moins de 10 €, pas la peine", True,
  P(email("Banque", "alertes@banque.example", "Paiement accepté", "Paiement de 4,50 €"), S),
  P(email("Banque", "alertes@banque.example", "Paiement accepté", "Paiement de 45,00 €"), None))
b("T7", "toute-personne-du", "always", "Les e-mails de Maître Hélène Vandamme (mon avocate) et de toute personne du "
  "cabinet Lambert & Roussel (adresses en lambert-roussel.be)", True,
  P(email("Nadia Benali", "n.benali@lambert-roussel.be", "Dossier", "x"), N),
  P(email("Hélène Vanhamme", "helene@fleurs-vanhamme.be", "Fleurs", "x"), None))
b("T10", "catch-all-vous", "custom", "Si rien de ce qui précède ne s'applique, ne me prévenez pas.", True,
  P(other_email(), S), catch_all=True)
b("T11", "gardes-pour", "custom", "Entre 20h et 7h30 tu gardes tout pour 7h30, sauf si c'est mon fils Hugo.", True,
  P(other_email(), H, "la nuit", at="2026-03-11 23:00", until="2026-03-12 07:30"),
  P(chat("Hugo", "+33 6 00 00 00 02", "Salut"), N, "Hugo la nuit", at="2026-03-11 23:00"))
b("T7", "montant-depasse", "custom", "Ne m'avertis pas des confirmations de commande, sauf si le montant dépasse 300 €.",
  True, P(receipt("Boutique", "boutique.example"), S), P(other_email(), None))
b("T7", "ne-que-si", "custom", "Groupes WhatsApp : ne me prévenez que si on me mentionne", True,
  P(chat("Luc", "+33 6 00 00 00 01", "@toi ?", group=True, chat_name="Club", mentions=("me",)), N),
  P(chat("Luc", "+33 6 00 00 00 01", "salut", group=True, chat_name="Club"), S))
b.no("T7", "ne-que-what", "custom", "Ne me prévenez que pour les mails de Paul")
b("T11", "tout-attend", "never", "Rien le dimanche, tout attend lundi 7h.", True,
  P(other_email(), H, "dimanche", at="2026-03-15 10:00", until="2026-03-16 07:00"),
  P(other_email(), None, "lundi midi", at="2026-03-16 12:00"))
b("T7", "attend-is-english-too", "always", "Meetings I attend", False, understood=False)
b("T7", "name-de-la", "never", "Les newsletters de Dalloz, Lexbase ou Village de la Justice", True,
  P(newsletter("Village de la Justice", "village-justice.example"), S),
  P(email("Justice Lemaire", "justice.lemaire@example.fr", "Dîner", "x"), None, "one name, never 'Justice'"))
b.no("T7", "service-dms", "never", "Les notifications Facebook, sauf les messages privés.")
b("T11", "two-exceptions", "custom", "De 22h à 7h, ne me dérange pas : garde tout pour le matin, sauf les mails de "
  "l'école et sauf les messages de Julien.", True,
  P(chat("Julien", "+32 470 12 34 56", "Tu dors ?"), N, "Julien at night", at="2026-03-11 23:00"),
  P(other_email(), H, "anything else at night", at="2026-03-11 23:00", until="2026-03-12 07:00"))
b("T7", "role-then-named-with-article", "always", "Les messages de la garderie Les Petites Mains, à n'importe quelle heure",
  True,
  P(email("Garderie Les Petites Mains", "contact@petitesmains.example", "Sortie", "x"), N),
  P(email("Les Petites Pommes", "vente@pommes.example", "Promo", "x"), None, "un autre nom"))
b("T11", "after-until-release", "custom", "Le soir après 22h, garde tout pour le lendemain 7h, sauf si c'est Paul", True,
  P(other_email(), H, "le soir", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(other_email(), None, "l'après-midi", at="2026-03-11 16:00"))
b("T7", "or-if-continues-exception", "custom", "Après 22h, garde tout jusqu'à 7h, sauf si c'est Paul ou si ça parle du chantier", True,
  P(email("Paul Girard", "paul@girard.example", "Demain", "x"), N, "Paul, la nuit", at="2026-03-11 23:00"),
  P(email("Agence Lumen", "info@lumen.example", "Chantier rue Victor Hugo", "Le chantier reprend."), N,
    "le chantier, la nuit", at="2026-03-11 23:00"),
  P(other_email(), H, "le reste", at="2026-03-11 23:00", until="2026-03-12 07:00"))
b("T7", "identifier-per-channel", "always",
  "Margaux, toujours : par mail (margaux.l@free.example) ou sur WhatsApp (« Margaux 🌻 »).", True,
  P(email("M. Lefort", "margaux.l@free.example", "Ce soir", "x"), N, "son adresse"),
  P(chat("Margaux 🌻", "+33 6 11 22 33 44", "Tu es où ?"), N, "son contact WhatsApp"),
  P(email("Margaux Petit", "mpetit@agence.example", "Devis", "x"), N, "le nom, par mail"),
  P(other_chat(), None))
b("T7", "not-even-if-widens-nothing", "never", "Le groupe « Copro Les Tilleuls », même pas si on me mentionne", True,
  P(chat("Voisin", "+33 6 99 88 77 66", "@moi la porte ?", group=True, chat_name="Copro Les Tilleuls",
         mentions=("me",)), S, "même mentionnée"),
  P(other_chat(), None))
b("T7", "full-stop-emphasis", "never", "Pinterest et TikTok, point final.", True,
  P(social("tiktok"), S), P(other_email(), None))
b.no("T7", "clause-not-topic", "never", "notifs GitHub sur les tickets où je ne suis ni assigné ni mentionné")
b("T7", "amount-au-dessus-de", "always", "factures ou relances de paiement au dessus de 2000€", True,
  P(email("Imprimerie Roux", "compta@roux.example", "Facture F-889", "Montant : 2 480,00 €"), N),
  P(email("Imprimerie Roux", "compta@roux.example", "Facture F-890", "Montant : 120,00 €"), None, "en dessous"))
b("T7", "even-widens-nothing", "always", "Les messages de Julien, même le dimanche", True,
  P(chat("Julien", "+33 6 12 12 12 12", "Tu dors ?"), N, "un dimanche", at="2026-03-15 10:00"),
  P(chat("Julien", "+33 6 12 12 12 12", "Salut"), N, "un mercredi"))
b.no("T7", "appointment-at-a-place", "custom", "Si un rendez-vous chez le Dr Morel est annulé, préviens-moi")
b("T7", "name-of-a-place", "always", "Les mails de Lucas du Domaine des Tilleuls (lucas@domainedestilleuls.example)", True,
  P(email("Lucas Moreau", "lucas@domainedestilleuls.example", "Salle", "x"), N, "son adresse"),
  P(email("Domaine des Tilleuls", "resa@domainedestilleuls.example", "Réservation", "x"), None,
    "le domaine, pas Lucas"))
b("T7", "whatever-it-is", "never", "LinkedIn et Malt, quoi que ce soit", True,
  P(social("linkedin"), S), P(other_email(), None))
b("T7", "kind-from-twice", "never", "Les alertes automatiques de Lokalise et les newsletters de la SFT", True,
  P(newsletter("SFT", "sft.example"), S, "une newsletter de la SFT"),
  P(email("Anna Berg", "anna@lokalise.example", "Question sur votre compte", "x"), None,
    "un message de Lokalise qui n'est pas automatique"),
  P(other_email(), None))
b("T7", "article-label-then-senders", "always", "Les agences : Linguaviva (linguaviva.example) et Maison Babel (maisonbabel.example)",
  True,
  P(email("Projets Linguaviva", "projets@linguaviva.example", "Nouvelle mission", "x"), N),
  P(email("LinguaVista Jobs", "jobs@linguavista.example", "Urgent job", "x"), None, "un nom voisin"))
b("T11", "nothing-rings-all-waits", "custom", "De 22h à 8h, rien ne sonne, tout attend le matin, sauf Léa.", True,
  P(other_email(), H, "la nuit", at="2026-03-11 23:00", until="2026-03-12 08:00"),
  P(chat("Léa", "+33 6 44 55 66 77", "Maman ?"), N, "Léa, la nuit", at="2026-03-11 23:00"),
  P(other_email(), None, "le jour"))
b("T7", "service-for-product", "never", "Les notifs de Bandcamp et Spotify for Artists, sauf les virements", True,
  P(email("Spotify for Artists", "no-reply@spotify.example", "Your weekly stats", "x"), S),
  P(email("Artists Union", "hello@artistsunion.example", "Réunion", "x"), None, "pas « Artists »"))
b.no("T7", "other-groups", "custom", "Autres groupes : seulement si on me mentionne")

# --- found by sealed probes, session of 2026-12-01 -------------------------------------------------------------
b("T11", "keep-for-the-morning", "custom", "Entre 22h et 7h, garder tout pour le matin", True,
  P(other_email(), H, "la nuit", at="2026-03-11 23:00", until="2026-03-12 07:00"), P(other_email(), None, "le jour"))
b("T7", "amount-yes-the-rest-no", "custom", "Les factures de plus de 300 €, oui; les autres, non", True,
  P(email("Imprimerie Roux", "compta@roux.example", "Facture 301", "Montant : 450,00 €"), N),
  P(email("Imprimerie Roux", "compta@roux.example", "Facture 302", "Montant : 90,00 €"), S))
b("T7", "topic-second-after-de", "custom", "Les mails qui parlent du dossier n° 2024-118 ou de la succession Girard",
  True, P(email("Maître Blanc", "blanc@notaires.example", "Succession Girard - pièces", "x"), N),
  P(email("Maître Blanc", "blanc@notaires.example", "Dossier 2024-118", "x"), N), P(other_email(), None))
b("T11", "weekend-only-one-person", "custom", "Le week-end, seulement les messages de Julie", True,
  P(chat("Julie", "+33 6 00 00 16 16", "Ciné ?"), N, "samedi", at="2026-03-14 11:00"),
  P(other_chat(), H, "samedi, quelqu'un d'autre", at="2026-03-14 11:00"))
b("T7", "replies-to-mine-grammar", "always", "Les réponses à mes propres mails", True,
  P(in_my_thread(email("Paul Roy", "paul@roy.example", "Re: devis", "x")), N),
  P(email("Paul Roy", "paul@roy.example", "Nouveau devis", "x"), None))
b("T7", "number-then-who-it-is", "always", "Les WhatsApp du +33 6 72 18 45 09, c'est le chef de chantier", True,
  P(chat("+33 6 72 18 45 09", "+33 6 72 18 45 09", "Livraison demain"), N), P(other_chat(), None))
b("T11", "put-on-hold-except", "custom", "Entre 21h et 7h, mets tout en attente sauf les messages de ma femme Nadia", True,
  P(other_email(), H, "la nuit", at="2026-03-11 22:00", until="2026-03-12 07:00"),
  P(chat("Nadia", "+33 6 00 00 17 17", "Tu dors ?"), N, at="2026-03-11 22:00"))
b("T7", "this-number-after-label", "custom",
  "dossier TR-2611-048 : tout courriel qui mentionne ce numéro → me notifier, peu importe l'expéditeur", True,
  P(email("Expertises Tanguay", "pe@tanguay.example", "Votre dossier n° TR-2611-048", "x"), N),
  P(email("Expertises Tanguay", "pe@tanguay.example", "Dossier TR-2610-048", "x"), None, "un autre numéro"))
b("T7", "only-if-mention-or-writer", "custom",
  "Dans le groupe 'Famille Dubois', seulement si on me mentionne ou si c'est Papa qui écrit", True,
  P(chat("Papa", "+33 6 00 00 18 18", "Dîner à 20h", group=True, chat_name="Famille Dubois"), N, "Papa écrit"),
  P(chat("Tante Rose", "+33 6 00 00 19 19", "coucou", group=True, chat_name="Famille Dubois"), S))
b("T7", "cancelled-or-changed-fr", "always", "Les invitations annulées ou modifiées", True,
  P(event("Réunion", status="CANCELLED", modified_ago=hours(1)), N),
  P(event("Réunion"), None, "ni annulée ni modifiée"))
b("T7", "notify-at-once-not-direct-chat", "custom", "tout ce qui contient le n° de dossier DOS-77812 → notifier direct",
  True, P(email("Cabinet Roy", "contact@roy.example", "Dossier DOS-77812", "x"), N),
  P(chat("Marc", "+33 6 00 00 20 20", "Salut"), None, "une discussion directe quelconque"))
b("T11", "short-weekday-list", "custom", "sam/dim rien avant 10h", True,
  P(other_email(), H, "samedi tôt", at="2026-03-14 08:00", until="2026-03-14 10:00"),
  P(other_email(), None, "mercredi tôt", at="2026-03-11 08:00"))
b("T7", "sent-from-an-address", "always", "Tout e-mail envoyé depuis une adresse @mairie-annecy.example", True,
  P(email("Mairie", "etat-civil@mairie-annecy.example", "Dossier", "x"), N), P(other_email(), None))
b("T7", "only-if-they-contain-word", "custom",
  "Messages de numéros inconnus : seulement s'ils contiennent le mot « livraison »", True,
  P(chat("+33 6 55 00 00 01", "+33 6 55 00 00 01", "Votre livraison arrive"), N),
  P(chat("+33 6 55 00 00 01", "+33 6 55 00 00 01", "Bonjour"), S))
b("T7", "saved-on-whatsapp-as", "always", "Mon mari Thierry (sur WhatsApp : « Thierry 💙 »)", True,
  P(chat("Thierry 💙", "+33 6 00 00 21 21", "Je rentre"), N), P(other_chat(), None))
b("T7", "tagged-identifie", "custom", "Groupes WhatsApp : seulement si on m'identifie avec @", True,
  P(chat("Nadia", "+33 6 00 00 22 22", "@Lucía ?", group=True, chat_name="Cabinet", mentions=("me",)), N),
  P(chat("Nadia", "+33 6 00 00 22 22", "ok", group=True, chat_name="Cabinet"), S))
b("T11", "exception-colon-list", "custom",
  "Heures calmes de 22 h à 7 h : rien ne sonne, tout attend 7 h. Exception : Thierry et Manon passent quand même.",
  True, P(other_email(), H, "la nuit", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(chat("Manon", "+33 6 00 00 23 23", "Bien arrivée"), N, "Manon la nuit", at="2026-03-11 23:00"))
b("T7", "label-then-identified", "always", "Le labo de prothèses Prothelia : tout ce qui vient de @prothelia-labo.example",
  True, P(email("Prothelia", "commandes@prothelia-labo.example", "Livraison", "x"), N),
  P(email("Prothelia Dental", "info@prothelia-dental.example", "Offre", "x"), None, "un autre domaine"))
b("T7", "group-name-with-of-day", "always", "qd qqn me tag dans le groupe Foot du jeudi ⚽", True,
  P(chat("Karim", "+33 6 00 00 25 25", "@Lucía tu viens ?", group=True, chat_name="Foot du jeudi ⚽", mentions=("me",)),
    N, "un mercredi: le nom du groupe n'est pas un jour"),
  P(chat("Karim", "+33 6 00 00 25 25", "@Lucía ?", group=True, chat_name="Rando", mentions=("me",)), None))
b.no("T7", "urgent-needs-judgement", "always", "Les messages urgents")
b("T7", "promotional-offers-except", "never",
  "Je ne souhaite pas être dérangé par les newsletters ni les offres promotionnelles, sauf celles de la Fnac.", True,
  P(promo("Darty", "darty.example"), S), P(promo("Fnac", "fnac.example"), N, "sauf la Fnac"))
b("T7", "amount-then-only", "custom", "Les virements de plus de 3 000 € uniquement", True,
  P(email("Banque Martin", "alertes@banquemartin.example", "Virement reçu", "Virement de 4 200,00 € reçu"), N),
  P(email("Banque Martin", "alertes@banquemartin.example", "Virement reçu", "Virement de 120,00 € reçu"), S))
b.no("T7", "a-place-not-a-sender", "always", "Les rendez-vous à la clinique Saint-Luc qui sont déplacés ou annulés")
