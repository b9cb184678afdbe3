"""Phones as private hands: each seat's view on its own phone, joined by a QR code.

Off unless the table turns it on; nothing here is imported at start-up.

    hub = PhoneHub(table, post=..., after_frame=...)  # made on the main thread
    table.subscribe(hub.changed)                      # one refresh per change
    server = PhoneServer(hub.gateway(), host, port)   # its own thread and asyncio loop
    server.start(); hub.attach(server)                # messages are built on its loop

The hub reads only what the controller publishes: each connected seat's message
is built, on the server's loop after the table's frame and once the change is on
disk, from that seat's own frame as `table.seat_frame(seat)` gives it (its own
view and own Choices) and the public frame (messages.py); on the main thread it
journals a peek (the same `seen` entry as the privacy gate) before a page first
shows a secret it had not shown, and plays a phone's choice with
`table.choose(key, picks, seat=...)`. The server checks tokens, keeps one
websocket per seat, refuses answers its page was not offered, and hands
everything that must touch the game to the main thread through `post`. See
docs/phones.md.
"""
