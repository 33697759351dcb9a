"""Issue 11.3-11.5: the panels' functions over the real store, rules file and triage log (N6, N8, T3, T6)."""

from __future__ import annotations

import pytest

from tic.web._panels import RulesChanged, RulesFile, mute, notices

RULES = "## Always notify\n- Emails from Kandice Phillips\n"


def test_t3_rules_load_check_and_save_with_its_version(tmp_path):
    (tmp_path / "notifications.md").write_text(RULES)
    rules = RulesFile(tmp_path)
    loaded = rules.load()
    assert loaded["text"] == RULES and loaded["rules"][0]["line"] == 2
    assert loaded["rules"][0]["meaning"] == "Notify me about e-mails from Kandice Phillips."
    saved = rules.save(RULES + "- Emails from Mario\n", loaded["version"])
    assert saved["version"] != loaded["version"] and len(saved["rules"]) == 2
    assert (tmp_path / "notifications.md").read_text() == RULES + "- Emails from Mario\n"


def test_t3_save_refused_when_the_file_changed_meanwhile_nothing_lost(tmp_path):
    (tmp_path / "notifications.md").write_text(RULES)
    rules = RulesFile(tmp_path)
    version = rules.load()["version"]
    (tmp_path / "notifications.md").write_text(RULES + "- theirs\n")
    with pytest.raises(RulesChanged, match="changed on disk since this page read it.*nothing was written"):
        rules.save(RULES + "- mine\n", version)
    assert (tmp_path / "notifications.md").read_text() == RULES + "- theirs\n"


def test_h10_save_refuses_control_characters_and_keeps_the_file(tmp_path):
    (tmp_path / "notifications.md").write_text(RULES)
    rules = RulesFile(tmp_path)
    from tic.errors import ToolError

    with pytest.raises(ToolError, match="control character"):
        rules.save(RULES + "- bad \x1b[31m\n", rules.load()["version"])
    assert (tmp_path / "notifications.md").read_text() == RULES


def test_t3_a_missing_file_loads_empty_and_saves(tmp_path):
    rules = RulesFile(tmp_path)
    loaded = rules.load()
    assert (loaded["text"], loaded["exists"], loaded["rules"]) == ("", False, [])
    rules.save(RULES, loaded["version"])
    assert (tmp_path / "notifications.md").read_text() == RULES


def test_n8_notices_unread_first_and_mute_by_handle(store):
    store.post("an old one", severity="info", audience="*")
    [old] = store.entries(caller="user:me")
    store.deliver("user:me")  # read
    store.post("the disk is nearly full", {"free": "3%"}, severity="warn", audience="*")
    rows = notices(store, "me")
    assert [r["line"].split(" {")[0].split(" #")[0] for r in rows][0] == "the disk is nearly full"
    assert mute(store, "me", rows[0]["key"], True) == f"muted #{rows[0]['key']}"
    assert [r["muted"] for r in notices(store, "me") if r["key"] == rows[0]["key"]] == [True]
    assert mute(store, "me", "#" + rows[0]["key"], False) == f"unmuted #{rows[0]['key']}"
    assert mute(store, "me", rows[0]["key"], False) == f"#{rows[0]['key']} was not muted"
    assert old.key in {r["key"] for r in rows}


def test_n8_a_bad_handle_is_a_clear_error(store):
    from tic.errors import NoticeError

    with pytest.raises(NoticeError) as err:
        mute(store, "me", "not a key!", True)
    assert "key" in str(err.value)
