"""The campaign's universe setup: the generated galaxy map (`engine/` generates it from Cluster War's Appendix B,
`models` store it), the proposed home worlds, each civilization's race design or faction, and its unit designs;
`services.campaign_start` turns them into the round engine's World."""
