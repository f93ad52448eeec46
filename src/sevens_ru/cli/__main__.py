"""``python -m sevens_ru.cli``: the same as the ``sevens-ru`` command."""

import sys

from . import main

sys.exit(main())
