"""The Sent folder of an IMAP account: who the user writes to, and the threads the user wrote in (S1; issue 7,
item 6). The IMAP twin of `_sent.MaildirSent`, read in the inbox's session.

The folder is the one the server flags `\\Sent` (RFC 6154 SPECIAL-USE), else the one whose last level a mail
program gives the Sent folder ("Sent", "Sent Items", "Gesendet", "Enviados", "Envoy&AOk-s" …), else the one
the source's `sent_folder` names; `sent_folder=""` reads none. Only the headers that say who and which thread
are fetched (`BODY.PEEK[HEADER.FIELDS (...)]`, nothing marked read), and only the UIDs above those read before:
the first fetch reads the newest `LIMIT` messages, the next ones what was sent since. A Sent folder the server
cannot open or list only means no known correspondents: the inbox is read all the same.
"""

from __future__ import annotations

import imaplib
from dataclasses import dataclass, field
from typing import Any

from tic.sources._sent import Correspondents, is_sent_name

__all__ = ["ImapSent"]

LIMIT = 20_000  # sent messages read on the first fetch, newest first: enough to know who the user writes to
BATCH = 500  # header fetches per FETCH command
_FIELDS = b"FROM TO CC BCC MESSAGE-ID IN-REPLY-TO REFERENCES"
_PART = b"BODY.PEEK[HEADER.FIELDS (" + _FIELDS + b")]"


@dataclass
class ImapSent:
    """What one account's Sent folder says, kept between fetches and added to as the user sends more."""

    folder: str | None = None  # None: find it; "": read none
    people: Correspondents = field(default_factory=Correspondents)
    _found: str | None = None
    _validity: int | None = None
    _last: int = 0

    def read(self, client: Any) -> Correspondents | None:
        """The correspondents after reading what was sent since the last call (None: no Sent folder)."""
        from imapclient.exceptions import IMAPClientError

        if self.folder == "":
            return None
        try:
            name = self._found or self.folder or _find(client)
            if name is None:
                return None
            self._found = name
            info = client.select_folder(name, readonly=True)
            validity = int(info[b"UIDVALIDITY"])
            if validity != self._validity:  # first read, or the folder was rebuilt: start over
                self.people, self._validity, self._last = Correspondents(), validity, 0
            uids = sorted(u for u in client.search(["UID", f"{self._last + 1}:*"]) if u > self._last)[-LIMIT:]
            for i in range(0, len(uids), BATCH):
                for data in client.fetch(uids[i : i + BATCH], [_PART]).values():
                    head = next((v for k, v in data.items() if k.startswith(b"BODY[HEADER")), None)
                    if head:
                        self.people.add(bytes(head))
            if uids:
                self._last = uids[-1]
                self.people.settle()
        except imaplib.IMAP4.abort:
            raise  # the connection dropped: the whole fetch is tried again
        except IMAPClientError:
            self._found = None  # renamed or gone: look again next time
            return None
        return self.people


def _find(client: Any) -> str | None:
    """The folder the server flags \\Sent, else one named as mail programs name it."""
    folders = client.list_folders()
    for flags, _, name in folders:
        if b"\\Sent" in flags:
            return name
    for flags, delimiter, name in folders:
        last = name.rsplit(delimiter.decode() if isinstance(delimiter, bytes) else delimiter or "/", 1)[-1]
        if b"\\Noselect" not in flags and is_sent_name(last):
            return name
    return None
