const HomePage = () => <h1>HomePage (being built)</h1>

export default HomePage
