"""The shell's scenes: title menu, pause, settings, help/rules viewer, results, confirm dialog."""
