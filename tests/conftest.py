"""The quick default test run and the deep one: Hypothesis profiles and the deep cases.

``python -m pytest`` runs the quick profile, ``default``: few examples per property, and
the heaviest cases of a few parametrized tests (the largest positions of the samplers'
uniformity checks, the largest tables of the server's isolation check) left out, each
test keeping its smaller cases. The deep profile, ``ci``, runs many more examples and
every case; select it with ``HYPOTHESIS_PROFILE=ci`` or ``--hypothesis-profile=ci`` (CI's
deep step does). ``thorough`` runs more examples still, with every case.

A property with an ``@settings(max_examples=...)`` of its own (a weight, written for 150
examples by default) runs a quarter of that number in the quick run, twice that number
in the ``ci`` profile, and 2000/150 times it in ``thorough``. The 10,000-game comparison of the compiled core with the pure-Python engine is
``SEVENS_RU_DIFFERENTIAL_GAMES`` in ``tests/test_speedups.py`` and, per preset of the
layout family, in ``tests/family/test_family_speedups.py`` (CI sets it).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

PROFILES = {"default": 20, "ci": 300, "thorough": 2000}  # examples per property
SCALES = {"default": 1 / 4, "ci": 2, "thorough": 2000 / 150}  # of a test's own max_examples
for name, examples in PROFILES.items():
    settings.register_profile(
        name,
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The cases only the deep profiles run, by test id: each test named here keeps smaller
# cases in the quick run. An id that no longer names a case of its test fails the run.
DEEP = frozenset(
    {
        "tests/test_inference.py::test_sampled_states_are_uniform_and_give_the_view[5p-25]",
        "tests/test_inference.py::test_sampled_states_are_uniform_and_give_the_view[6p-29]",
        "tests/test_inference.py::test_sampler_is_uniform_over_the_consistent_deals[5p-25]",
        "tests/test_inference.py::test_sampler_is_uniform_over_the_consistent_deals[6p-29]",
        "tests/test_inference.py::test_count_and_holders_match_brute_force[6p-29]",
        "tests/durak/test_durak_inference.py::test_count_and_holders_match_brute_force[3p-17-seat1]",
        "tests/durak/test_durak_inference.py::test_count_and_holders_match_brute_force[4p-28-seat1]",
        "tests/durak/test_durak_inference.py::test_sampled_states_are_uniform_and_give_the_view[4p-24-seat0]",
        "tests/durak/test_durak_inference.py::test_sampled_states_are_uniform_and_give_the_view[4p-28-seat1]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[sqlite-durak-4-6]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[postgresql-durak-4-6]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[sqlite-sevens-6-3]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[postgresql-sevens-6-3]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[sqlite-sevens-52-3]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[postgresql-sevens-52-3]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[sqlite-fan-tan-4]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[postgresql-fan-tan-4]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[sqlite-shichinarabe-4]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[postgresql-shichinarabe-4]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[sqlite-cinquillo-5]",
        "tests/web/test_isolation.py::test_no_answer_to_a_seat_names_a_card_it_could_not_see[postgresql-cinquillo-5]",
        "tests/web/test_family.py::test_a_refusal_names_no_card_of_another_hand[sqlite-domino]",
        "tests/web/test_family.py::test_a_refusal_names_no_card_of_another_hand[postgresql-domino]",
        "tests/web/test_cli.py::test_serve_serves_the_page_and_the_api_over_its_database[kill]",
        "tests/family/test_family_bots.py::test_the_search_beats_the_heuristic[sevens-52]",
        "tests/family/test_family_bots.py::test_the_search_beats_the_heuristic[fan-tan]",
        "tests/family/test_family_bots.py::test_the_search_beats_the_heuristic[domino]",
        "tests/family/test_family_bots.py::test_the_search_beats_the_heuristic[cinquillo]",
        "tests/family/test_family_inference.py::test_forced_passes_exclude_the_cards_playable_then[seeds0-1]",
        "tests/test_native_portable.py::test_every_file_of_the_core_compiles_with_each_branch[msvc32]",
        "tests/test_native_portable.py::test_every_file_of_the_core_compiles_with_each_branch[portable]",
    }
)


def deep_run() -> bool:
    """Whether the loaded profile is a deep one (set by the variable or the option)."""
    return settings.get_current_profile_name() != "default"


def pytest_report_header() -> str:
    """Say which run this is, and how to ask for the other."""
    if deep_run():
        return f"sevens-ru: the deep run ({settings.get_current_profile_name()} profile)"
    return "sevens-ru: the quick run (HYPOTHESIS_PROFILE=ci runs the deep one)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the deep cases out of the quick run (deselected, not skipped)."""
    collected = {item.nodeid for item in items}
    if not any("::" in argument for argument in config.args):  # no case picked by its id
        functions = {node_id.partition("[")[0] for node_id in collected}
        renamed = sorted(
            node_id
            for node_id in DEEP - collected
            if node_id.partition("[")[0] in functions  # the test runs, with other ids
        )
        if renamed:
            raise pytest.UsageError("deep test ids that name no test: " + ", ".join(renamed))
    scale_own_examples(items)
    if deep_run():
        return
    deselected = [item for item in items if item.nodeid in DEEP]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if item.nodeid not in DEEP]


def scale_own_examples(items: list[pytest.Item]) -> None:
    """Scale the ``max_examples`` a property sets itself by its profile's ``SCALES``.

    Hypothesis gives a test's own settings precedence over every profile, so the hook
    gives each such test settings of its own derived from them. It reads the settings
    where Hypothesis keeps them on the test function; if a later Hypothesis kept them
    elsewhere, the tests would run their own numbers, as written.
    """
    profile = settings.get_current_profile_name()
    scale = SCALES[profile]
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(own, settings) or own.max_examples == PROFILES[profile]:
            continue  # not a property, or one with the profile's number
        if getattr(test, "_sevens_ru_scaled", False):
            continue  # one function collected as several items (parametrized)
        examples = max(5, round(own.max_examples * scale))
        test._hypothesis_internal_use_settings = settings(own, max_examples=examples)  # type: ignore[union-attr]
        test._sevens_ru_scaled = True  # type: ignore[union-attr]
