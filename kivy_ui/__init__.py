"""The touchscreen app (Kivy): screens, widgets, sounds, and the wiring of devices
to the table controller. Entry point: kivy_ui.main:main (`maya-companion`)."""
