"""Barons data files (board, characters, items, skills, dungeon deck, constants and
variants), each entry marked SOURCED or DESIGNED as in the project's Barons spec."""
