"""Dice: seeded or physical die sources, random events, exact enumeration."""
