"""Research and technology (issue 14): the technology catalogues, one per source, and the two research systems'
rules. The step functions of Explore 3 and 13 apply them; the World holds the projects and what each civilization
knows."""
