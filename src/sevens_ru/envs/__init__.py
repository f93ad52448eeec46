"""Every game with tensors in the learning frameworks: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is a module of its own and needs its framework, an optional extra of
the package; importing ``sevens_ru`` or this package imports none of them. Each is
written once, for any registered game (:mod:`sevens_ru.games`) whose ``tensors`` are
given, and names the library's two games as before:

- :mod:`sevens_ru.envs.pettingzoo` (``pip install "sevens-ru[pettingzoo]"``):
  :func:`~sevens_ru.envs.pettingzoo.env` (and :func:`~sevens_ru.envs.pettingzoo.sevens_env`,
  :func:`~sevens_ru.envs.pettingzoo.durak_env`), AEC environments of every seat.
- :mod:`sevens_ru.envs.gymnasium` (``pip install "sevens-ru[gymnasium]"``):
  :class:`~sevens_ru.envs.gymnasium.CardGameEnv` (and ``SevensEnv``, ``DurakEnv``),
  one learner against bots, and :class:`~sevens_ru.envs.gymnasium.CardGameVectorEnv`
  (and ``SevensVectorEnv``), thousands of games in lockstep.
- :mod:`sevens_ru.envs.openspiel` (``pip install "sevens-ru[openspiel]"``): importing
  it registers ``python_sevens_ru``, ``python_durak_ru`` and every other game with a
  chance model of its deal with ``pyspiel``
  (:class:`~sevens_ru.envs.openspiel.OpenSpielGame`).

Every environment numbers the actions as the games do (:mod:`sevens_ru.actions`,
:mod:`sevens_ru.durak.actions`), observes with the tensors of :mod:`sevens_ru.encode`
and :mod:`sevens_ru.durak.encode`, and ends with the zero-sum
:func:`sevens_ru.returns` and :func:`sevens_ru.durak.returns`.

In a fresh interpreter, the frameworks imported by ``import sevens_ru.envs``:

>>> import subprocess, sys
>>> code = "import sys, sevens_ru.envs; print({'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules))"
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip()
'set()'
"""

from __future__ import annotations

__all__: list[str] = []
