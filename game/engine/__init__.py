"""The pure rules of Centaurian Vector: standard library only, no framework, clock or global random.

State goes in, events come out; every random result comes from an injected `Dice`.
"""
