"""T3/T10: reading notifications.md - headings in the user's words and languages, bullets, prose, context,
definitions, nested items, empty files, catch-alls."""

from __future__ import annotations

import pytest

from tic.rules import RuleSet, read_rules
from tic.rules._markdown import heading_effect, sentences


@pytest.mark.parametrize(
    ("heading", "taken_as"),
    [
        ("Always notify", "always"), ("always", "always"), ("ALWAYS NOTIFY", "always"), ("Important people", "always"),
        ("Immer benachrichtigen", "always"), ("Siempre avisar", "always"), ("Toujours", "always"), ("Sempre", "always"),
        ("Never notify", "never"), ("Mute", "never"), ("Don't care", "never"), ("Low priority", "never"),
        ("Jamais", "never"), ("Nunca", "never"), ("Nie benachrichtigen", "never"), ("Não notificar", "never"),
        ("Custom rules", "custom"), ("Regeln", "custom"), ("Reglas", "custom"), ("Règles", "custom"),
        ("Everything else", "rest"), ("Alles andere", "rest"), ("Sonderregeln", "custom"), ("Cas particuliers", "custom"),
        ("About me", "context"), ("Über mich", "context"), ("Sobre mí", "context"), ("Context", "context"),
        ("Travel", "own"), ("What I want to hear about", "own"), ("Meh", "own"),
        ("Ping me", "always"), ("Wake me up", "always"), ("Avísame", "always"), ("Dont bug me", "never"),
        ("Egal", "never"), ("Ist mir egal", "never"), ("Me da igual", "never"), ("Tanto faz", "never"),
        ("Je m'en fiche", "never"), ("Whatever", "own"),
    ],
)
def test_t3_headings_in_the_users_words_map_to_an_effect(heading: str, taken_as: str) -> None:
    assert heading_effect(heading) == taken_as


def test_t3_sections_bullets_and_what_each_heading_was_taken_as() -> None:
    rs = read_rules("# Prefs\n\n## always\n- Emails from Odile Martin\n\n## Jamais\n- Newsletters\n\n"
                    "## custom\n- Only notify about WhatsApp group messages if I am mentioned\n")
    assert [(r.section, r.text) for r in rs.rules] == [
        ("always", "Emails from Odile Martin"), ("never", "Newsletters"),
        ("custom", "Only notify about WhatsApp group messages if I am mentioned")]
    assert rs.headings == (("always", "always"), ("Jamais", "never"), ("custom", "custom"))
    assert not rs.not_understood and rs.rules[2].reading.unless is not None


def test_t3_prose_is_one_rule_per_sentence_and_commentary_is_context() -> None:
    rs = read_rules("## Never notify\n\nPromotions and digests. Calendar stuff that repeats every day. "
                    "I know them by heart.\n")
    assert [r.text for r in rs.section("never")] == ["Promotions and digests.", "Calendar stuff that repeats every day."]
    assert "I know them by heart." in rs.context


def test_t3_about_me_prose_is_context_never_a_matcher() -> None:
    rs = read_rules("## About me\nI run a bakery with my partner Ana Ruiz. I work nights.\n\n"
                    "## Always notify\n- Emails from my partner\n")
    assert [r.text for r in rs.rules] == ["Emails from my partner"]  # the About me sentences are no rules
    assert any("bakery" in c for c in rs.context)
    (rule,) = rs.rules
    assert rule.understood and "Ana Ruiz" in rule.render()  # ... but they say who "my partner" is


def test_t3_a_definition_names_a_role_for_the_rule_after_it() -> None:
    rs = read_rules('## Always notify\nMy mum is saved as "Mamá" on WhatsApp. Her messages always get through.\n')
    (rule,) = rs.rules
    assert rule.text == "Her messages always get through." and '"Mamá"' in rule.render()


def test_t3_identity_sentences_extend_the_sender_before_them() -> None:
    rs = read_rules("## Always notify\nAnything from my client Harbor Finch. Their staff write from hf-legal.io, "
                    'and a few of them use personal addresses with "(HF)" after their name.\n')
    (rule,) = rs.rules
    assert "@hf-legal.io" in rule.render() and '"(HF)"' in rule.reading.model_dump_json()


def test_t3_subheading_inside_a_known_section_stays_in_it() -> None:
    rs = read_rules("## Always notify\n### Work\n- Emails from anyone at Kestrel Labs\n### Family\n- WhatsApp from Jun\n")
    assert [r.section for r in rs.rules] == ["always", "always"]


def test_t3_nested_bullets_under_a_colon_item_and_under_a_label() -> None:
    rs = read_rules("## Always notify\n- Emails from:\n  - Kofi Mensah\n  - anyone at Harbor & Finch\n"
                    "- Clients:\n  - Otieno Holdings\n")
    assert [r.text for r in rs.rules] == ["Emails from Kofi Mensah", "Emails from anyone at Harbor & Finch",
                                          "Otieno Holdings"]
    assert all(r.understood for r in rs.rules)


def test_t3_bold_paragraph_used_as_a_heading() -> None:
    rs = read_rules("**Always notify:**\n\n- Emails from Kofi Mensah\n\n**Never notify**\n\n- LinkedIn notifications\n")
    assert [(r.section, r.text) for r in rs.rules] == [("always", "Emails from Kofi Mensah"),
                                                       ("never", "LinkedIn notifications")]


def test_t3_a_heading_with_no_effect_leaves_each_rule_to_its_own_words() -> None:
    rs = read_rules("## Travel\n- Tell me about emails from Lufthansa\n- Flights from Iberia\n")
    first, second = rs.rules
    assert first.understood and first.reading.effect == "notify"
    assert not second.understood and "does not say whether to notify" in second.why_not


@pytest.mark.parametrize("text", [None, "", "   \n\n", "# Notifications\n\nI work nights.\n",
                                  "## Always notify\n\n## Never notify\n"])
def test_t1_t10_missing_empty_or_headings_only_means_no_rules(text: str | None) -> None:
    rs = read_rules(text)
    assert isinstance(rs, RuleSet) and rs.is_empty


@pytest.mark.parametrize("text", ["If none of the above applies, don't notify me.", "Everything else: skip it.",
                                  "Sonst nicht benachrichtigen.", "Todo lo demás: no me avises."])
def test_t10_catch_all(text: str) -> None:
    rs = read_rules(f"## Custom rules\n- Emails from Ana Ruiz: tell me\n- {text}\n")
    assert rs.rules[-1].catch_all and rs.rules[-1].reading.effect == "skip", rs.rules[-1].why_not


@pytest.mark.parametrize("text", ["Anything urgent.", "Nothing from strangers.", "Quiet after dinner, please.",
                                  "Weekly stuff."])
def test_t7_a_sentence_that_says_something_is_never_silently_context(text: str) -> None:
    rs = read_rules(f"## Custom rules\n\n{text}\n")
    assert [r.text for r in rs.rules] == [text]  # read, or reported as not understood - not dropped as prose


def test_t10_under_an_everything_else_heading_a_bare_directive_is_the_catch_all() -> None:
    rs = read_rules("## Immer\n- Mails von Frauke Reimers\n\n## Alles andere\nNicht benachrichtigen.\n")
    assert rs.rules[-1].catch_all and rs.rules[-1].reading.effect == "skip"
    assert rs.headings[-1] == ("Alles andere", "rest")


def test_sentences_keep_abbreviations_and_domains() -> None:
    assert sentences("Mail from Dr. Okafor at okafor.co.uk. Also St. Mary's school.") == [
        "Mail from Dr. Okafor at okafor.co.uk.", "Also St. Mary's school."]


def test_t3_a_heading_that_names_an_area_reads_its_verbless_rules_strictly() -> None:
    rs = read_rules("## Kalender\n- Neue Termine, die heute eingetragen wurden\n"
                    "## Familia\n- Grupos de WhatsApp, a menos que me marquen\n")
    calendar, family = rs.rules
    assert calendar.understood and calendar.reading.effect == "notify"
    assert ("Kalender", "custom") in rs.headings
    assert not family.understood  # an exception and no verb: muted unless tagged, or the reverse? never guessed
    stuff = read_rules("## calendar stuff\n- parent-teacher meetings that were added today\n")
    assert stuff.rules[0].understood and stuff.rules[0].reading.effect == "notify"  # "… stuff": the same area


def test_t11_a_hold_whose_next_bullet_lists_what_gets_through_unread_is_not_applied_alone() -> None:
    rs = read_rules("## Quiet hours\n- Between 22:00 and 07:00 hold everything\n"
                    "- Except Sam and the on-call group when someone pings me there (that's the night nurse)\n")
    hold, exceptions = rs.rules
    assert not exceptions.understood
    assert not hold.understood and "right after it" in hold.why_not
    alone = read_rules("## Quiet hours\n- Between 22:00 and 07:00 hold everything\n- Newsletters: never\n")
    assert alone.rules[0].understood  # an unrelated rule after it changes nothing


def test_t3_i_know_my_own_routine_is_context_not_a_rule() -> None:
    rs = read_rules("## Never notify\n- Recurring meetings. I know my own routine.\n\nI know my own routine.\n")
    assert not rs.not_understood and "I know my own routine." in rs.context


def test_t7_other_groups_are_the_groups_the_file_did_not_name_before() -> None:
    """'Outros grupos de WhatsApp: nunca, exceto quando me marcarem' after a rule on one group: every group but the
    ones named before it; with none named before, "other" than what? - refused."""
    from tic.rules import read_rules

    rules = read_rules('## Custom rules\n- Grupo "Obra Rua Harmonia": só me avise se alguém me marcar (@)\n'
                       "- Outros grupos de WhatsApp: nunca, exceto quando me marcarem.\n").rules
    assert all(r.understood for r in rules), [r.why_not for r in rules]
    assert '"Obra Rua Harmonia" group' in rules[1].render() and "@-mentioned" in rules[1].render()
    alone = read_rules("## Never notify\n- Outros grupos de WhatsApp\n").rules
    assert not alone[0].understood and "other" in alone[0].why_not
