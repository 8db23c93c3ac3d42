import SitegenCLI

await SitegenCLI.main()
