"""Entry point run by PyScript (see index.html): start the Time & Barons UI (pwa/tb_ui)."""

import tb_ui

tb_ui.start()
