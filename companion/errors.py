"""The project's errors. Every error a player can hit carries a sentence a player understands."""


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class IllegalAction(CompanionError, ValueError):
    """An action the rules do not allow now. The message is a sentence for players.

    An illegal action never changes state: engines raise before building anything new.
    """


class BadOption(CompanionError, ValueError):
    """An unknown or out-of-range game option."""


class UnknownGame(CompanionError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its argument; a player wants the sentence.
        if self.args:
            return str(self.args[0])
        from companion.words import _

        return _("Unknown game.")


class BadComponents(CompanionError, ValueError):
    """A component file (box numbers) that does not validate; names the bad key."""


class BadConfig(CompanionError, ValueError):
    """A configuration file that does not validate; names the bad key."""


class JournalError(CompanionError, RuntimeError):
    """The journal could not be used; the message says what was done about it.
    reason: why a game cannot be rebuilt, in English (the data the journal keeps when
    it sets the game aside, said in the reader's language when shown), if known."""

    reason: str | None = None


class CannotUndo(CompanionError, ValueError):
    """Undo (or redo) is not possible now; the message says why, for players."""


class DataFolderError(CompanionError, OSError):
    """The data folder (or a file in it) cannot be created, written or moved:
    read-only, full, no permission. An OSError too, as it was before it became
    a sentence; the message says what to check."""
