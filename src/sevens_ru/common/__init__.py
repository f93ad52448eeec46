"""What every game of the library shares: cards and packs, records, matches, intervals, limits.

Nothing here knows the rules of any one game: the games live in :mod:`sevens_ru.games`,
one folder each, and are built on these modules.
"""
