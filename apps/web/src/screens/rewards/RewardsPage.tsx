const RewardsPage = () => <h1>RewardsPage (being built)</h1>

export default RewardsPage
