"""Phones as private hands: each seat's view on its own phone, joined by a QR code.

Off unless the table turns it on; nothing here is imported at start-up.

    hub = PhoneHub(session, play=..., post=...)      # main thread: views, peeks, actions
    server = PhoneServer(hub.gateway(), host, port)  # its own thread and asyncio loop
    server.start(); hub.attach(server)

The hub lives on the app's main thread (the one that owns the Session): it
computes each connected seat's message from `view(state, seat)` only, journals a
peek (the same `seen` entry as the privacy gate) before a page first shows a
secret it had not shown, and enters actions that come from a phone. The server
only moves bytes: it checks tokens, keeps one websocket per seat, and hands
everything that must touch the game to the main thread through `post`.
See docs/phones.md.
"""
