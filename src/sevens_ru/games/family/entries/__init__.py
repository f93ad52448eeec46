"""One module per preset, each with its ``GAME``: what the registry imports for each name.

>>> from sevens_ru.games.family.entries import fan_tan
>>> fan_tan.GAME.name
'fan-tan'
"""
