"""The Alpha Centauri card game's technologies, facilities and secret projects (its CARD LIST, types T, F and S) as
Centaurian Vector research, read from the list as printed.

The card game has no prerequisites: any card in hand may be played on a Breakthrough. Two of its limits stand in
for them ("LIMIT: You cannot have more Facilities in play than Technologies you know. ... more SP's in play than
Facilities you own"), checked when a project starts (`research.rules.ac_limit_problem`). A card's effects are
its Social Factor modifiers (`score:RI+2`); Cloaking Device also opens Centaurian Vector's cloak
(`tech:cloaking_technology`, docs/rules.md "Research"). "Ecological Engineering" is printed twice; the first
printing is kept.
"""

from __future__ import annotations

import re

from game.engine.research.technologies import Catalogue, Difficulty, Kind, Technology, check_catalogue

CARD_LIST = """\
Aerospace Complex F MM+1 ET+1
Bioenhancement Center F MO+2
Biology Lab F RB+2
Centauri Preserve F C+2
Children's Creche F PG+2
Command Center F MM+2
Energy Bank F EE+2
Fusion Lab F RP+1 EE+1
Hab Complex F PG+2
Habitation Dome F PG+2
Headquaters F EF+1
Hologram Theatre F PP+2
Hybrid Forest F C+1 EA+1
Nanohospital F RB+1 PC+1
Nanoreplicator F EM+2
Naval Yard F MM+1 ET+1
Nessus Mining Station F EM+2
Network Node F RI+2
Orbital Defense Pod F MM+1 MD+1
Orbital Power Transmitter F EE+2
Paradise Garden F PC+2
Perimeter Defense F MD+2
Pressure Dome F PG+2
Psi Gate F MM+2
Punishment Sphere F PC+2
Quantum Converter F EM+2
Quantum Lab F RP+2
Recreation Commons F PC+2
Recycling Tanks F EA+2
Research Hospital F RB+1 PC+1
Robotic Assembly Plant F EI+2
Skunkworks F RI+2
Sky Hydroponics Labs F EA+2
Stockpile Energy F EE+2
Tachyon Field F MD+2
Temple of Planet F C+2
Tree Farm F C+1 EA+1
Ascent to Transcendence S C+4
Ascetic Virtues S PC+4
Bulk Matter Transmitter S ET+4
Citizens Defense Force S MD+4
Clinical Immortality S PG+2 RI+2
Cloning Vats S PG+4
Command Nexus S MM+4
Cyborg Factory S MS+4
Dream Twister S PC+2 MP+2
Empath Guild S C+4
Human Genome Project S RB+4
Hunter Seeker Algorithm S B+4
Living Refinery S EM+4
Longevity Vaccine S PG+2 RI+2
Maritime Control Center S ET+2 MM+2
Merchant Exchange S EC+4
Nano Factory S EI+4
Network Backbone S RI+2 EC+2
Neural Amplifier S MP+4
Pholus Mutagen S C+4
Planetary Datalinks S RI+4
Planetary Transit System S ET+4
Self-Aware Colony S PC+4
Singularity Inductor S EM+4
Space Elevator S ET+4
Supercollider S RP+4
Telepathic Matrix S PC+2 B+2
Theory of Everything S RP+4
Universal Translator S RI+2 PC+2
Virtual World S PC+4
Voice of Planet S C+4
Weather Paradigm S C+2 EA+2
Xenoempathy Dome S C+4
Particle Impactor T MA+1
Chaos Field Disruptor T MA+1
Fusion Laser T MA+1
Tachyon Bolt T MA+2
Plasma Shard T MA+2
Quantum Laser T MA+3
Graviton Gun T MA+3
Singularity Laser T MA+4
Compelled Dissociative Psi Attack T MP+2
Synthmetal Armor T MD+1
Composite Plasma Steel Armor T MD+1
Bonded Silksteel Armor T MD+1
Refractive Field Photon Wall T MD+2
Phasic Probability Sheath T MD+2
Kinetic Diffusion Neutronium Armor T MD+3
Reactive Antimatter Plate T MD+3
Temporal Field Stasis Generator T MD+4
Psi Defense Pattern Refraction T MP+2
Gravships T MM+2
Air Superiority T MM+2
Blink Displacer T MM+1 MD+1
Clean Reactor T MS+2
Cloaking Device T ME+4
Fission Plant T MS+1
Fusion Reactor T MS+2
Quantum Chamber T MS+3
Singularity Engine T MS+4
Advanced Tracking Systems T ME+1
Carrier Deck Mobile Airbase T MM+2
Comm Jammer T ME+2
Drop Pods T MM+2
Deep Radar T ME+2
Deep Pressure Hull T MM+2
Empath Song T MP+1 C+1
Fungicide Tanks T C+2
Elite Forces T MO+2
Super Former T C+1 E+1
Non-Lethal Methods T PC+2
Polymorphic Encryption T B+1 ME+1
Hypnotic Trance T MP+2
Advanced Transports T MM+1 MS+1
Ecological Engineering T C+1 EA+1
Advanced Military Algorithms T MM+2
Advanced Spaceflight T MM+1 ET+1
Subatomic Theory T RP+2
Gravitonics T RP+1
Applied Physics T RI+1 RP+1
Applied Relativity T RI+1 RP+1
Bio-Engineering T RB+1 RI+1
Biogenetics T RB+1 RI+1
Biomachinery T RB+1 RI+1
Centauri Ecology T C+2
Centauri Empathy T C+1 EM+1
Centauri Meditation T C+1 EE+1
Centauri Psi T C+1 EA+1
Cyberethics T PC+1 MS+1
Digital Sentience T B+2
Air Power Doctrine T MM+2
Flexibility Doctrine T MM+1 MS+1
Loyalty Doctrine T MO+1 PC+1
Mobility Doctrine T MM+2
Ecological Engineering T EA+2
Ethical Calculus T PC+2
Eudaimonia T PC+2
Frictionless Surfaces T RI+1 ET+1
Fusion Power T EE+2
Gene Splicing T RB+1 EA+1
High Energy Chemistry T RP+1 EM+1
Homo Superior T MO+1 B+1
Industrial Automation T EI+2
Industrial Economics T EI+1 EC+1
Industrial Nanorobotics T EI+1 EM+1
Information Networks T RI+2
Intellectual Integrity T PC+2
Matter Compression T RP+1 EM+1
Matter Editation T RP+1 EM+1
Matter Transmission T RP+1 ET+1
Mind/Machine Interface T MO+1 B+1
Monopole Magnets T RP+1 EE+1
Nanometallurgy T RP+1 EM+1
Nanominiaturization T RI+1 RP+1
Neural Grafting T MO+1 B+1
Nonlinear Mathematics T RI+2
Nutrient Tanks F EA+1 PG+1
Optical Computers T RI+2
Orbital Spaceflight T MM+2
Organic Superlubricant T RB+1 RI+1
Planetary Economics T EC+2
Planetary Networks T RI+2
Polymorphic Software T RI+1 B+1
Pre-Sentient Algorithms T RI+1 B+1
Probability Mechanics T RI+1 RP+1
Quantum Machinery T EI+2
Quantum Power T MS+1 EE+1
Retroviral Engineering T RP+2
Secrets of Alpha Centauri T C+1 EE+1
Secrets of Creation T RP+2
Secrets of the Human Brain T MP+1 PC+1
Self-Aware Machines T B+1 RI+1
Sentient Econometrics T EC+2
Advanced Alloys T MD+1 EM+1
Singularity Mechanics T EE+1 RP+1
Social Psych T PC+2
Super Tensile Solids T MD+1 EM+1
Super String Theory T RP+2
Temporal Mechanics T RP+1 EE+1
The Will to Power T C+1 PC+1
Threshold of Transcendence T C+1 EM+1
Transcendent Thought T C+2
Soil Enricher F EA+2
Kelp Farm F EA+2
Mining Platform F EM+2
Solar Collector F EE+2
Tidal Harness F EE+2
Bunker F ED+2
Sensor Arrays F ME+2
Atmospheric Condenser F EA+2
Airbase F MM+2
Echelon Mirror F EE+2
Mag Tubes F ET+2
Aquifer Drill F EA+2
Thermal Borehole F EE+2
Nerve Stapling T SC+2
"""

KINDS = {"T": Kind.TECHNOLOGY, "F": Kind.FACILITY, "S": Kind.SECRET_PROJECT}
CATEGORIES = {Kind.TECHNOLOGY: "technology", Kind.FACILITY: "facility", Kind.SECRET_PROJECT: "secret project"}
# Where a card is also a Centaurian Vector part.
ALSO: dict[str, tuple[str, ...]] = {"cloaking_device": ("tech:cloaking_technology", "special:cloak")}
BUILD_CREDITS = {Kind.FACILITY: 20, Kind.SECRET_PROJECT: 40}  # "Facilities cost 20 Credits. Secret Projects 40"

_CARD = re.compile(r"^(?P<name>.+?) (?P<type>[TFS]) (?P<effects>(?:[A-Z]{1,2} ?[+-]\d ?)+)$")


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _read(text: str) -> tuple[Technology, ...]:
    cards: dict[str, Technology] = {}
    for line in text.splitlines():
        match = _CARD.match(line.strip())
        if match is None:
            raise ValueError(f"Alpha Centauri card list: cannot read {line!r}")
        key = _key(match["name"])
        if key in cards:
            continue  # printed twice: the first printing stands
        effects = tuple(f"score:{e.replace(' ', '')}" for e in re.findall(r"[A-Z]{1,2} ?[+-]\d", match["effects"]))
        kind = KINDS[match["type"]]
        cards[key] = Technology(key, match["name"], CATEGORIES[kind], Difficulty.CARD,
                                unlocks=(*effects, *ALSO.get(key, ())), kind=kind)
    return tuple(cards.values())


TECHNOLOGIES = _read(CARD_LIST)
CATALOGUE = Catalogue("alpha_centauri", "Alpha Centauri", TECHNOLOGIES)
check_catalogue(CATALOGUE)
