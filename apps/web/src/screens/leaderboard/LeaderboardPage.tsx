const LeaderboardPage = () => <h1>LeaderboardPage (being built)</h1>

export default LeaderboardPage
