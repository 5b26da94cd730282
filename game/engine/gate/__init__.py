"""Centaurus Gate, the personal-scale dice engine (../shared/seeds/003): pure, its dice injected and recorded.

`codes` (die codes and pip arithmetic), `check` (difficulty, success and risk rolls, Venture, stunts,
diligence), `sheet` (conditions, fallout, the crisis clock, leverage, advancements), `tension` (tension mode).
"""
