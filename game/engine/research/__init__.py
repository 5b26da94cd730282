"""Research and technology (issue 14): the technology catalogues, one per source, and the two research systems'
rules. The research rule module (`game.modules.research`) applies them in Explore 3 and 13; the World holds the
projects and what each civilization knows."""
