"""Build an EngineConfig from a validated Ruleset model."""

from __future__ import annotations

from polis.compiler.config import (
    GALLEY,
    HOPLITE,
    PLAIN,
    PRESTIGE,
    UNANSWERABLE,
    UNNAMED_CARD,
    WILDCARD,
    ActionCfg,
    CardCfg,
    DeckCfg,
    EffectCfg,
    EngineConfig,
    EventCfg,
    MarketCfg,
    PolisCfg,
    ProjectCfg,
    RoundCfg,
    SetupCfg,
    SlotCfg,
)
from polis.rules import models as m


def _index(ids: list[str]) -> dict[str, int]:
    return {key: i for i, key in enumerate(ids)}


def _mask(indices: list[int]) -> int:
    out = 0
    for i in indices:
        out |= 1 << i
    return out


class _Builder:
    def __init__(self, rs: m.Ruleset, overlay_events: frozenset[str]) -> None:
        self.rs = rs
        self.overlay_events = overlay_events
        self.sides = sorted(rs.sides)
        self.side = _index(self.sides)
        self.goods = list(rs.goods)
        self.good = _index(self.goods)
        self.tracks = [g for g in self.goods if rs.goods[g].market_track]
        self.territories = list(rs.territories)
        self.seas = list(rs.seas)
        self.area = _index(self.territories + self.seas)
        self.poleis = list(rs.poleis)
        self.polis = _index(self.poleis)
        self.project_types = list(rs.project_types)
        self.projects = list(rs.projects)
        self.formations = list(rs.formations)
        self.maneuvers = list(rs.maneuvers)
        self.decks = list(rs.event_decks)
        self.events = list(rs.events)
        self.slots: list[SlotCfg] = []
        self.slot_of: dict[tuple[str, int], int] = {}
        for mi, (mid, market) in enumerate(rs.markets.items()):
            for slot in market.slots:
                self.slot_of[(mid, slot.cargo)] = len(self.slots)
                self.slots.append(
                    SlotCfg(
                        market=mi,
                        cargo=slot.cargo,
                        offers=self.good[slot.offers],
                        accepts=tuple(self.good[g] for g in slot.accepts),
                        covered=slot.covered,
                    )
                )

    def sides_of(self, target: str) -> tuple[int, ...]:
        return tuple(range(len(self.sides))) if target == "both" else (self.side[target],)

    def costs(self, action: m.CreateUnitsAction | None) -> tuple[tuple[tuple[int, int], ...], ...]:
        if action is None:
            return ()
        return tuple(tuple((self.good[g], n) for g, n in alt.items()) for alt in action.unit_costs)

    def effect(
        self, e: m.Effect | m.GainEffect | m.AddUnitsEffect | m.RemoveUnitsEffect
    ) -> EffectCfg:
        if isinstance(e, m.GainEffect):
            good = PRESTIGE if e.what == "prestige" else self.good[e.what]
            return EffectCfg(
                op=e.do, sides=self.sides_of(e.side), good=good, amount=e.amount, when=e.when
            )
        if isinstance(e, m.AddUnitsEffect):
            unit = HOPLITE if e.unit == "hoplite" else GALLEY
            return EffectCfg(
                op=e.do,
                sides=self.sides_of(e.side),
                unit=unit,
                area=self.area[e.area],
                amount=e.count,
                when=e.when,
            )
        if isinstance(e, m.RemoveUnitsEffect):
            units = tuple(HOPLITE if u == "hoplite" else GALLEY for u in e.units)
            return EffectCfg(
                op=e.do, sides=self.sides_of(e.side), units=units, amount=e.count, when=e.when
            )
        if isinstance(e, m.BlockSlotEffect):
            return EffectCfg(op=e.do, slot=self.slot_of[(e.market, e.cargo)])
        if isinstance(e, m.FirstPlayerEffect):
            return EffectCfg(op=e.do, sides=(self.side[e.side],))
        return EffectCfg(
            op=e.do,
            sides=(self.side[e.side],),
            options=tuple(tuple(self.effect(sub) for sub in option) for option in e.options),
        )

    def card(self, c: m.CombatCard) -> CardCfg:
        special = {None: PLAIN, "wildcard": WILDCARD, "unanswerable": UNANSWERABLE}[c.special]
        return CardCfg(
            self.formations.index(c.formation),
            self.maneuvers.index(c.maneuver),
            c.value,
            c.count,
            special,
        )

    def build(self) -> EngineConfig:
        rs = self.rs
        acts = rs.actions
        n_terr = len(self.territories)
        n_areas = n_terr + len(self.seas)
        land_adj = [0] * n_areas
        sea_adj = [0] * n_areas
        coasts = [0] * n_areas
        for tid, terr in rs.territories.items():
            i = self.area[tid]
            land_adj[i] = _mask([self.area[x] for x in terr.neighbours])
            coasts[i] = _mask([self.area[x] for x in terr.coasts])
        for sid, sea in rs.seas.items():
            sea_adj[self.area[sid]] = _mask([self.area[x] for x in sea.neighbours])
        poleis_in_area = [
            tuple(self.polis[p] for p, pol in rs.poleis.items() if pol.territory == tid)
            for tid in self.territories
        ]
        capital_of = {side.capital: self.side[sid] for sid, side in rs.sides.items()}
        poleis = tuple(
            PolisCfg(
                id=pid,
                name=p.name,
                territory=self.area[p.territory] if p.territory else -1,
                base=p.base_population,
                max_growth=p.max_growth,
                max_population=p.max_population,
                ports=tuple(self.area[s] for s in p.ports),
                port_mask=_mask([self.area[s] for s in p.ports]),
                commercial=self.side[p.commercial] if p.commercial else -1,
                capital_of=capital_of.get(pid, -1),
                project_types=tuple(self.project_types.index(t) for t in p.project_types),
            )
            for pid, p in rs.poleis.items()
        )
        projects = tuple(
            ProjectCfg(
                id=jid,
                name=j.name,
                type=self.project_types.index(j.type),
                poleis_mask=_mask([self.polis[p] for p in j.poleis]),
                cost=tuple((self.good[g], n) for g, n in j.cost.items()),
                prestige=j.prestige if isinstance(j.prestige, int) else 0,
                half_population="" if isinstance(j.prestige, int) else j.prestige.half_population,
                end_prestige=j.end_prestige,
            )
            for jid, j in rs.projects.items()
        )
        pool = rs.project_pool if rs.project_pool is not None else self.projects
        markets = tuple(
            MarketCfg(
                id=mid,
                name=mk.name,
                sea=self.area[mk.sea],
                land_route_polis=self.polis[mk.land_route_from] if mk.land_route_from else -1,
                slots=tuple(self.slot_of[(mid, s.cargo)] for s in mk.slots),
            )
            for mid, mk in rs.markets.items()
        )
        max_cargo = max(rs.market_values.table)
        table = tuple(tuple(rs.market_values.table.get(c, ())) for c in range(max_cargo + 1))
        events = tuple(
            EventCfg(
                id=eid,
                name=ev.name,
                deck=self.decks.index(ev.deck),
                copies=ev.copies,
                known=ev.effects != "unknown",
                effects=()
                if ev.effects == "unknown"
                else tuple(self.effect(e) for e in ev.effects),
                from_overlay=eid in self.overlay_events,
            )
            for eid, ev in rs.events.items()
        )
        decks = tuple(
            DeckCfg(
                id=did,
                name=d.name,
                size=d.size,
                cards=tuple(
                    i for i, ev in enumerate(events) if ev.deck == di for _ in range(ev.copies)
                )
                + (UNNAMED_CARD,) * d.unnamed,
                unknown=d.size - sum(ev.copies for ev in events if ev.deck == di and ev.known),
            )
            for di, (did, d) in enumerate(rs.event_decks.items())
        )
        setup = tuple(
            SetupCfg(
                poleis=tuple((self.polis[p], n) for p, n in rs.setup[s].poleis.items()),
                hoplites=tuple((self.area[a], n) for a, n in rs.setup[s].hoplites.items()),
                galleys=tuple((self.area[a], n) for a, n in rs.setup[s].galleys.items()),
                merchants=rs.setup[s].merchants,
                proxenos=self.polis[rs.setup[s].proxenos],
                prestige=rs.setup[s].prestige,
                goods=tuple(rs.setup[s].goods.get(g, 0) for g in self.goods),
            )
            for s in self.sides
        )
        action_list = tuple(
            ActionCfg(aid, a.name, a.category, a.prestige_cost, a.as_action)
            for aid, a in acts
            if a is not None
        )
        siege, trade, prox, ransom, civil = (
            acts.besiege,
            acts.trade,
            acts.move_proxenos,
            acts.ransom_proxenos,
            acts.civil_war,
        )
        move = acts.move_hoplites or acts.move_galleys
        discs = siege.siege_discs if siege else None
        diolkos = rs.diolkos
        return EngineConfig(
            id=rs.id,
            title=rs.title,
            kind=rs.kind,
            edition=rs.edition,
            sides=tuple(self.sides),
            side_names=tuple(rs.sides[s].name for s in self.sides),
            capital=tuple(self.polis[rs.sides[s].capital] for s in self.sides),
            home_region=tuple(self.area[rs.sides[s].home_region] for s in self.sides),
            goods=tuple(self.goods),
            good_names=tuple(rs.goods[g].name for g in self.goods),
            perishable=tuple(rs.goods[g].perishable for g in self.goods),
            track_of_good=tuple(
                self.tracks.index(g) if g in self.tracks else -1 for g in self.goods
            ),
            track_goods=tuple(self.good[g] for g in self.tracks),
            storage_rounding=rs.storage.rounding,
            goods_max=rs.player_board.goods_max,
            prestige_max=rs.player_board.prestige_max,
            cubes_per_side=rs.components.cubes_per_side,
            track_cubes=len(self.goods) + 1,
            discs_per_side=rs.components.discs_per_side,
            discs_limited=rs.components.discs_limited,
            merchants_per_side=rs.components.merchants_per_side,
            rounds=tuple(
                RoundCfg(
                    id=r.id,
                    label=r.label,
                    stacking_limit=r.stacking_limit,
                    cargo_open=r.cargo_open,
                    event_deck=self.decks.index(r.event_deck) if r.event_deck else -1,
                    reveal=r.projects.reveal,
                    remove=r.projects.remove,
                )
                for r in rs.rounds
            ),
            actions_per_turn=rs.turn.actions_per_turn,
            distinct_actions=rs.turn.distinct_actions,
            reader_rule=rs.turn.event_reader.rule,
            reader_tie=self.side[rs.turn.event_reader.tie],
            first_rule=rs.turn.first_player.rule,
            first_tie=self.side[rs.turn.first_player.tie],
            after_pass_surcharge=rs.turn.after_pass_surcharge,
            repeat_after_pass=rs.turn.repeat_after_pass,
            actions=action_list,
            hoplite_costs=self.costs(acts.create_hoplites),
            galley_costs=self.costs(acts.create_galleys),
            merchant_costs=self.costs(acts.create_merchants),
            keep_last_cube=any(
                a.keep_last_cube
                for a in (acts.create_hoplites, acts.create_galleys, acts.create_merchants)
                if a
            ),
            project_substitute=self.good[acts.start_project.substitute_good]
            if acts.start_project
            else -1,
            project_one_per_polis=bool(
                acts.start_project and acts.start_project.one_per_polis_per_round
            ),
            move_blocked_by_control=move.blocked_by_control if move else True,
            move_blocked_by_full=move.blocked_by_full_areas if move else True,
            move_diolkos=move.diolkos if move else False,
            siege_die=siege.die if siege else 0,
            siege_loser_hoplites=siege.loser_hoplites if siege else 0,
            siege_population_loss=siege.owner_population_loss if siege else 0,
            siege_revolt_at_zero=siege.revolt_at_zero if siege else True,
            siege_captures_proxenos=siege.captures_proxenos if siege else False,
            siege_capitals_immune=siege.capitals_immune if siege else True,
            siege_disc_bonus=discs.bonus if discs else 0,
            siege_disc_removal=tuple(discs.removed_when) if discs else (),
            tribute_home_free=acts.collect_tribute.home_region_free
            if acts.collect_tribute
            else False,
            tribute_once=acts.collect_tribute.once_per_territory_per_round
            if acts.collect_tribute
            else True,
            trade_needs_commercial=trade.needs_commercial_polis if trade else True,
            trade_diolkos=trade.diolkos if trade else False,
            barter_dice=trade.barter_marker_move.dice if trade else 0,
            barter_keep=trade.barter_marker_move.keep if trade else "single",
            purchase_good=self.good[trade.purchase_good] if trade else -1,
            purchase_currency=self.good[trade.purchase_currency] if trade else -1,
            purchase_price=trade.purchase_price if trade else 0,
            purchase_markers=trade.purchase_markers if trade else "requested_good",
            purchase_dice=trade.purchase_marker_move.dice if trade else 0,
            purchase_keep=trade.purchase_marker_move.keep if trade else "single",
            proxenos_bribe_good=self.good[prox.bribe_good] if prox else -1,
            proxenos_bribe=prox.bribe_per_enemy_unit if prox else 0,
            proxenos_bribe_endpoints=prox.bribe_includes_endpoints if prox else True,
            proxenos_diolkos=prox.diolkos if prox else False,
            ransom_amount=ransom.amount if ransom else 0,
            ransom_good=self.good[ransom.good] if ransom else -1,
            ransom_to_opponent=ransom.paid_to_opponent if ransom else True,
            civil_war_neutral_factor=civil.neutral_cost_per_base_population if civil else 0,
            civil_war_enemy_factor=civil.enemy_cost_per_population if civil else 0,
            civil_war_good=self.good[civil.good] if civil else -1,
            civil_war_capitals_immune=civil.capitals_immune if civil else True,
            battle_threshold=rs.battle.threshold,
            first_attacker_land=self.side[rs.battle.first_attacker["land"]],
            first_attacker_naval=self.side[rs.battle.first_attacker["naval"]],
            cards_per_assault=rs.battle.cards_per_assault,
            attacker_draw=rs.battle.attacker_draw,
            defender_draw=rs.battle.defender_draw,
            defender_min_units=rs.battle.defender_min_units,
            retreat_cost=rs.battle.retreat_prestige_cost,
            retreat_gain=rs.battle.retreat_opponent_gain,
            battles_deferred_after_pass=rs.battle.deferred_after_pass,
            battles_checked_at_pass=rs.battle.checked_at_pass,
            battle_end_conditions=tuple(rs.battle.end_conditions),
            formations=tuple(self.formations),
            formation_names=tuple(rs.formations[f].name for f in self.formations),
            maneuvers=tuple(self.maneuvers),
            maneuver_names=tuple(rs.maneuvers[x].name for x in self.maneuvers),
            land_cards=tuple(self.card(c) for c in rs.combat_deck.land),
            naval_cards=tuple(self.card(c) for c in rs.combat_deck.naval),
            end_steps=tuple((s.id, s.skip_after_last_round) for s in rs.end_of_round.steps),
            feeding_good=self.good[rs.end_of_round.feeding_good],
            megalopolis_prestige=rs.end_of_round.megalopolis_prestige,
            market_cover_removed=rs.end_of_round.market_cover_removed_per_round,
            phoros_condition=rs.phoros.condition,
            phoros_good=self.good[rs.phoros.good],
            phoros_options=tuple((o.prestige, o.gain) for o in rs.phoros.options),
            phoros_repeatable=rs.phoros.repeatable,
            loss_conditions=tuple(c.id for c in rs.loss_conditions),
            zero_prestige_after_last_round=any(c.after_last_round for c in rs.loss_conditions),
            score_parts=tuple(rs.scoring.parts),
            tie_breakers=tuple(rs.scoring.tie_breakers),
            areas=tuple(self.territories + self.seas),
            area_names=tuple(
                [rs.territories[t].name for t in self.territories]
                + [rs.seas[s].name for s in self.seas]
            ),
            n_territories=n_terr,
            land_adj=tuple(land_adj),
            sea_adj=tuple(sea_adj),
            coasts=tuple(coasts),
            shores=tuple(
                _mask([t for t in range(n_terr) if coasts[t] >> a & 1]) if a >= n_terr else 0
                for a in range(n_areas)
            ),
            territory_mask=(1 << n_terr) - 1,
            sea_mask=((1 << n_areas) - 1) ^ ((1 << n_terr) - 1),
            diolkos=(
                self.area[diolkos.seas[0]],
                self.area[diolkos.seas[1]],
                self.polis[diolkos.polis],
            )
            if diolkos
            else (),
            trade_port_seas=tuple(
                _mask([self.area[x] for x in rs.trade_ports[s].seas]) for s in self.sides
            ),
            tribute_rows=tuple(
                tuple((self.good[r.good], r.boxes) for r in rs.territories[t].tribute)
                for t in self.territories
            ),
            tribute_yields=tuple(rs.tribute_yields.yields),
            poleis_in_area=tuple(poleis_in_area),
            poleis=poleis,
            project_types=tuple(self.project_types),
            project_type_names=tuple(rs.project_types[t].name for t in self.project_types),
            projects=projects,
            project_pool=tuple(self.projects.index(j) for j in pool),
            markets=markets,
            slots=tuple(self.slots),
            market_table=table,
            market_start_column=rs.market_values.start_column - 1,
            decks=decks,
            events=events,
            setup=setup,
        )


def overlay_events(rs: m.Ruleset, edition: m.Ruleset | None) -> frozenset[str]:
    """Event cards an overlay added to its edition, or whose record it changed."""
    if edition is None or edition.id == rs.id:
        return frozenset()
    return frozenset(eid for eid, ev in rs.events.items() if edition.events.get(eid) != ev)


def build_config(rs: m.Ruleset, edition: m.Ruleset | None = None) -> EngineConfig:
    """Compile `rs`; `edition` is the edition it builds on, to tell which cards an overlay gave."""
    return _Builder(rs, overlay_events(rs, edition)).build()
