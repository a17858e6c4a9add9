"""Qt layer: windows, panels and dialogs. Binds core objects through signals."""
