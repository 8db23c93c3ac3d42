import Testing
@testable import SitegenMarkdown

@Suite("npm commands as Yarn and pnpm write them (Docusaurus' npm2yarn)")
struct PackageManagerCommandTests {
    @Test("to Yarn, as npm-to-yarn converts them", arguments: [
        ("npm install squirrelly", "yarn add squirrelly"),
        ("npm i squirrelly --save-exact", "yarn add squirrelly --exact"),
        ("npm install --save-dev jest", "yarn add --dev jest"),
        ("npm i -D babel-jest @babel/core", "yarn add --dev babel-jest @babel/core"),
        ("npm install --save test", "yarn add test"),
        ("npm install squirrelly -g", "yarn global add squirrelly"),
        ("npm uninstall squirrelly --global", "yarn global remove squirrelly"),
        ("npm uninstall squirrelly", "yarn remove squirrelly"),
        ("npm install", "yarn install"),
        ("npm i", "yarn install"),
        ("npm init", "yarn init"),
        ("npm init jest@latest", "yarn create jest@latest"),
        ("npm run custom -- --version", "yarn custom --version"),
        ("npm run test -- --version", "yarn run test --version"),
        ("npm test -- --runInBand", "yarn test --runInBand"),
        ("npm version minor", "yarn version --minor"),
        ("npm cache clean", "yarn cache clean"),
        ("npx create-next-app", "yarn dlx create-next-app"),
    ])
    func yarn(_ npm: String, _ yarn: String) {
        #expect(PackageManagerCommands.converted(npm, to: .yarn) == yarn)
    }

    @Test("to pnpm", arguments: [
        ("npm install --save-dev jest", "pnpm add --save-dev jest"),
        ("npm i -D jest", "pnpm add --save-dev jest"),
        ("npm install", "pnpm install"),
        ("npm install -g serve", "pnpm add --global serve"),
        ("npm uninstall jest", "pnpm remove jest"),
        ("npm init jest@latest", "pnpm create jest@latest"),
        ("npm run build -- --watch", "pnpm run build -- --watch"),
        ("npx jest", "pnpm dlx jest"),
    ])
    func pnpm(_ npm: String, _ pnpm: String) {
        #expect(PackageManagerCommands.converted(npm, to: .pnpm) == pnpm)
    }

    @Test("other lines, comments and indentation stay")
    func otherLines() {
        #expect(PackageManagerCommands.converted("# Using Jest CLI\njest --runInBand\n  npm test\n", to: .yarn)
                == "# Using Jest CLI\njest --runInBand\n  yarn test\n")
        // After a prompt and between commands too.
        #expect(PackageManagerCommands.converted("$ npm i -D jest\ncd app && npm install; npm run build -- --x | tee log\n", to: .yarn)
                == "$ yarn add --dev jest\ncd app && yarn install; yarn build --x | tee log\n")
    }
}
