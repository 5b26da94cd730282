"""Centurion, Tactical Game 13: the Basic Game as a combat system (`system.CenturionCombat`)."""
