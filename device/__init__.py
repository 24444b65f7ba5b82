"""The device: the Table, its journal, the box (buttons, OLED, LEDs) and the entry point."""
