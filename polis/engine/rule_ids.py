"""Every rule id a refusal can cite. The rules reference has a section for each
(a test checks it), so "why not?" always links to the rule in the player's language."""

RULE_IDS = frozenset(
    {
        "turn.actions",
        "turn.after_pass",
        "turn.decisions",
        "actions.military_cost",
        "actions.create_units",
        "actions.create_galleys",
        "actions.create_merchants",
        "actions.move_crossing",
        "components.discs",
        "units.keep_last_cube",
        "board.stacking_limit",
        "actions.start_project",
        "actions.move",
        "actions.besiege",
        "actions.tribute",
        "actions.trade",
        "actions.proxenos",
        "actions.ransom",
        "actions.civil_war",
        "battle.start",
        "battle.assault",
        "battle.salpinx",
        "battle.retreat",
        "events.effects",
        "round.projects",
        "end.feeding",
        "end.growth",
        "end.phoros",
        "game.over",
    }
)
